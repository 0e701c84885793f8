import type { ShopCatalog } from '@/lib/node/shop-catalog';
import { html, markup } from '../mail/html';

const dateFormat = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'UTC',
});

/**
 * The page a download link opens: the pack, the link's terms and a button that fetches the file;
 * or, for a link that cannot be used, why. Not indexed, and it sends no referrer anywhere.
 */
export function downloadPage(
  catalog: Pick<ShopCatalog, 'studio' | 'copy'>,
  props:
    | { pack: string; files?: string; file: string; expiresAt: number; left: number }
    /** `restore`: where the form that sends fresh links for the order posts. */
    | { message: string; restore?: string },
): string {
  const copy = catalog.copy.downloadPage;
  const site = catalog.studio;
  const body =
    'message' in props
      ? html`<p>${props.message}</p>
          ${
            props.restore &&
            html`<form method="post" action="${props.restore}">
              <p>
                <label for="email">E-mail address</label><br />
                <input id="email" name="email" type="email" autocomplete="email" required />
              </p>
              <p><button class="button" type="submit">Send fresh links</button></p>
            </form>`
          }`
      : html`<h2>${props.pack}</h2>
          ${props.files && html`<p>${props.files}</p>`}
          <p>
            ${copy.validUntil} ${dateFormat.format(props.expiresAt)} UTC · ${props.left}
            ${copy.downloadsLeft}
          </p>
          <p><a class="button" href="${props.file}" download>${copy.button} ${props.pack}</a></p>`;
  return markup(
    html`<!doctype html>
      <html lang="en">
        <head>
          <meta charset="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <meta name="robots" content="noindex, nofollow" />
          <meta name="referrer" content="no-referrer" />
          <title>${copy.heading} · ${site.name}</title>
          <style>
            body {
              margin: 0 auto;
              max-width: 36rem;
              padding: 3rem 1.5rem;
              background: #13100e;
              color: #f2e9dc;
              font:
                1.05rem/1.6 Georgia,
                serif;
            }
            .button {
              display: inline-block;
              padding: 0.8rem 1.6rem;
              border-radius: 999px;
              background: #d9a54f;
              color: #13100e;
              font-family: system-ui, sans-serif;
              font-weight: 600;
              text-decoration: none;
            }
            input {
              box-sizing: border-box;
              width: 100%;
              max-width: 24rem;
              padding: 0.6rem;
              border: 1px solid #b9ad9c;
              border-radius: 0.4rem;
              font: inherit;
            }
            input:focus-visible {
              outline: 3px solid #d9a54f;
              outline-offset: 2px;
            }
            button.button {
              border: 0;
              cursor: pointer;
              font-size: 1rem;
            }
            .button:focus-visible {
              outline: 3px solid #f2e9dc;
              outline-offset: 3px;
            }
            small {
              color: #b9ad9c;
            }
          </style>
        </head>
        <body>
          <h1>${copy.heading}</h1>
          ${body}
          <p><small>${copy.help} · ${site.name}</small></p>
        </body>
      </html>`,
  );
}

/**
 * The bytes a Range header asks for (one range, as download managers send it), null for the whole
 * file, or 'unsatisfiable' for a range outside it. Several ranges are answered with the whole file.
 */
export function byteRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | null | 'unsatisfiable' {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return null;
  const [, from, to] = match as unknown as [string, string, string];
  const start = from === '' ? Math.max(0, size - Number(to)) : Number(from);
  const end = from === '' || to === '' ? size - 1 : Math.min(Number(to), size - 1);
  return start > end || start >= size ? 'unsatisfiable' : { start, end };
}
