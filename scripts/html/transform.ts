// Two rewrites of the HTML `next build` exports, for the first paint on a phone (README,
// "Performance"). Both work on Next's own output format and fail loudly if it changes, naming the
// file, rather than shipping a page that half works.
//
// 1. Paint first, then hydrate. Next puts its chunks in <head> as async scripts: on a slow phone
//    they arrive and run (compile, evaluate, hydrate: the page's longest tasks) before the first
//    frame is shown. Here they are fetched once the page has painted its first content, so the text
//    and the first image are on screen before the main thread is given to React.
// 2. One copy of the CSS. With `experimental.inlineCss` the page's CSS is in a <style> element, and
//    again, twice, as text rows in the React Server Components payload inlined for hydration: about
//    half of every page's HTML. React never reads those rows when the <style> element is already in
//    the document (it finds it by its data-href), so they are emptied. Client-side navigations load
//    their payload from the .txt files, which keep their CSS.

import { AFTER_FIRST_PAINT } from '@/lib/first-paint';

/** `<script src="…" async="">` as Next writes its chunks; noModule polyfills are left alone. */
const ASYNC_SCRIPT = /<script src="(\/_next\/static\/[^"]+\.js)" async=""><\/script>/g;
/** Next's low-priority preload of its first chunk: that chunk now loads with the others. */
const SCRIPT_PRELOAD = /<link rel="preload" as="script" fetchPriority="low" href="[^"]+"\/>/g;

/** Loads the scripts after the first paint, or two seconds after `load` at the latest. */
export function hydrationLoader(sources: string[]): string {
  return `<script>(function(){var s=${JSON.stringify(sources)};${AFTER_FIRST_PAINT}afterFirstPaint(function(){s.forEach(function(u){var e=document.createElement("script");e.src=u;e.async=true;document.head.appendChild(e)})},2000)})()</script>`;
}

/** The scripts a rewritten page loads after its first paint (for the benchmark's "JS in HTML"). */
export function deferredScripts(html: string): string[] {
  const list = /<script>\(function\(\)\{var s=(\[[^\]]*\])/.exec(html)?.[1];
  return list ? (JSON.parse(list) as string[]) : [];
}

/**
 * V8's explicit compile hint (Chrome 136+): the functions of a script that starts with it are
 * compiled eagerly, on the thread that streams the script in, instead of lazily on the main
 * thread the first time each is called. Hydration calls nearly all of the startup chunks.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

export function withCompileHint(script: string): string {
  return script.startsWith(COMPILE_HINT) ? script : COMPILE_HINT + script;
}

export function deferHydration(html: string): string {
  const sources = [...html.matchAll(ASYNC_SCRIPT)].map((match) => match[1]!);
  if (!sources.length) throw new Error('no async Next.js chunk scripts found');
  let placed = false;
  return html.replace(SCRIPT_PRELOAD, '').replace(ASYNC_SCRIPT, () => {
    if (placed) return '';
    placed = true;
    return hydrationLoader(sources);
  });
}

/** An inline payload chunk: `<script>self.__next_f.push([1,"…"])</script>`, a JSON string. */
const PAYLOAD_CHUNK = /<script>self\.__next_f\.push\(\[1,("(?:[^"\\]|\\.)*")\]\)<\/script>/g;
/** The <style> elements of `inlineCss` in the payload, whose text is a reference to a row. */
const STYLE_ELEMENT =
  /\["\$","style","[^"]*",\{[^{}]*"precedence":"[^"]*","href":"[^"]*","children":"\$([0-9a-f]+)"\}/g;

/** A text row of the payload: `<id>:T<byte length in hex>,<text>`, found by reading row by row. */
type TextRow = { id: string; headerEnd: number; textStart: number; textEnd: number };

function textRows(payload: Buffer): TextRow[] {
  const rows: TextRow[] = [];
  let at = 0;
  while (at < payload.length) {
    const colon = payload.indexOf(':', at);
    if (colon < 0) throw new Error(`unreadable payload row at byte ${at}`);
    const id = payload.toString('latin1', at, colon);
    if (!/^[0-9a-f]*$/.test(id)) throw new Error(`unreadable payload row id "${id.slice(0, 20)}"`);
    if (payload[colon + 1] === 0x54 /* T */) {
      const comma = payload.indexOf(',', colon);
      const length = parseInt(payload.toString('latin1', colon + 2, comma), 16);
      rows.push({ id, headerEnd: colon + 2, textStart: comma + 1, textEnd: comma + 1 + length });
      at = comma + 1 + length;
    } else {
      const newline = payload.indexOf('\n', colon);
      at = newline < 0 ? payload.length : newline + 1;
    }
  }
  return rows;
}

/** Escapes a JSON string for an inline <script>, as Next does. */
const forScript = (json: string) =>
  json
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

export function dropInlinedCssFromPayload(html: string): string {
  const chunks = [...html.matchAll(PAYLOAD_CHUNK)];
  if (!chunks.length) throw new Error('no inline React Server Components payload found');
  const texts = chunks.map((chunk) => Buffer.from(JSON.parse(chunk[1]!) as string));
  const payload = Buffer.concat(texts);
  const cssIds = new Set([...payload.toString().matchAll(STYLE_ELEMENT)].map((match) => match[1]!));
  const cuts = textRows(payload).filter((row) => cssIds.has(row.id));
  if (cuts.length < cssIds.size) throw new Error('a <style> element refers to a missing text row');

  // Each cut turns `T<length>,<css>` into `T0,`; the chunks keep their boundaries.
  let chunkStart = 0;
  const rewritten = texts.map((text) => {
    const chunkEnd = chunkStart + text.length;
    const parts: Buffer[] = [];
    let at = chunkStart;
    for (const cut of cuts) {
      const from = Math.max(cut.headerEnd, chunkStart);
      const to = Math.min(cut.textEnd, chunkEnd);
      if (from >= to) continue;
      parts.push(payload.subarray(at, from));
      if (cut.headerEnd >= chunkStart) parts.push(Buffer.from('0,'));
      at = to;
    }
    parts.push(payload.subarray(at, chunkEnd));
    chunkStart = chunkEnd;
    return Buffer.concat(parts).toString();
  });
  let index = 0;
  return html.replace(PAYLOAD_CHUNK, () => {
    const text = rewritten[index++]!;
    return `<script>self.__next_f.push([1,${forScript(JSON.stringify(text))}])</script>`;
  });
}

export function optimizePage(html: string): string {
  return deferHydration(dropInlinedCssFromPayload(html));
}
