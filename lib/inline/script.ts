import { ARGUMENT, type InlineModule } from './modules';
import { inlineCode } from './scripts.generated';

/**
 * An inline script for the layout's `<head>`: a module of lib/inline/ with its call, as
 * scripts/inline/build.ts built and minified it, given `argument` (as JSON) when its call takes
 * one. The scripts run before any of the site's other scripts, so each carries its own code.
 */
export const inlineScript = (module: InlineModule, argument?: unknown): string =>
  inlineCode[module].replaceAll(ARGUMENT, JSON.stringify(argument ?? null));
