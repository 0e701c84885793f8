// A rewrite of the HTML `next build` exports, and a hint on the scripts they load, for the first
// paint on a phone (README, "Performance"). The rewrite works on Next's own output format and fails
// loudly if it changes, naming the file, rather than shipping a page that half works.
//
// One copy of the CSS. With `experimental.inlineCss` the page's CSS is in a <style> element, and
// again, twice, as text rows in the React Server Components payload inlined for hydration: about
// half of every page's HTML. React never reads those rows when the <style> element is already in
// the document (it finds it by its data-href), so they are emptied. Client-side navigations load
// their payload from the .txt files, which keep their CSS.
//
// (The pages used to fetch their scripts only after the first paint, too. Measured with the
// throttling applied for real, that put the first paint a few milliseconds earlier and hydration
// 1.2 s later, and a tap on Add to Cart answered at 4.3 s instead of 3.1 s: issue 17.)

/** The scripts a page loads at startup: `<script src="…" async="">`, as Next writes its chunks. */
export function startupScripts(html: string): string[] {
  return [...html.matchAll(/<script src="(\/_next\/static\/[^"]+\.js)" async=""><\/script>/g)].map(
    (match) => match[1]!,
  );
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
