import { cormorantGaramond, jost } from '@/lib/fonts';
import { inlineScript } from '@/lib/inline/script';
import { standInsOf } from '@/lib/inline/first-screen';

/** The first-screen script (lib/inline/first-screen.ts), inline in `<head>`. */
export function FirstScreen() {
  const standIns = standInsOf([jost, cormorantGaramond]);
  const script = inlineScript('first-screen', standIns);
  return <script dangerouslySetInnerHTML={{ __html: script }} />;
}
