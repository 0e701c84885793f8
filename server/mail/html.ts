import { html } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';

export { html };

/**
 * A page or e-mail made with hono's `html` tag (which escapes every interpolated value unless it
 * is `html` itself), as a string. Our markup interpolates no promises, so it is ready at once.
 */
export function markup(value: HtmlEscapedString | Promise<HtmlEscapedString>): string {
  if (value instanceof Promise) throw new Error('markup with a promise in it');
  return value.toString();
}
