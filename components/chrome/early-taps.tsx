import { inlineScript } from '@/lib/inline/script';

/**
 * The early-tap script (lib/inline/early-taps.ts), inline in `<head>` so that it listens before
 * anything is painted.
 */
export function EarlyTaps() {
  return <script dangerouslySetInnerHTML={{ __html: inlineScript('early-taps') }} />;
}
