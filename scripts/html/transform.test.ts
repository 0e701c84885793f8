import { describe, expect, it } from '@jest/globals';
import {
  COMPILE_HINT,
  dropInlinedCssFromPayload,
  startupScripts,
  withCompileHint,
} from './transform';

const push = (text: string) =>
  `<script>self.__next_f.push([1,${JSON.stringify(text).replace(/</g, '\\u003c')}])</script>`;

/** The payload of a page, read back the way React reads it: the pushed strings, joined. */
const payloadOf = (html: string) =>
  [...html.matchAll(/self\.__next_f\.push\(\[1,("(?:[^"\\]|\\.)*")\]\)/g)]
    .map((match) => JSON.parse(match[1]!) as string)
    .join('');

const hex = (text: string) => Buffer.byteLength(text).toString(16);

describe('startupScripts', () => {
  it('lists the chunk scripts of the page, in order, and not the noModule polyfills', () => {
    const head =
      '<head><script src="/_next/static/chunks/a.js" async=""></script>' +
      '<script src="/_next/static/chunks/b.js" async=""></script>' +
      '<script src="/_next/static/chunks/polyfill.js" noModule=""></script></head>';
    expect(startupScripts(head)).toEqual([
      '/_next/static/chunks/a.js',
      '/_next/static/chunks/b.js',
    ]);
  });
});

describe('withCompileHint', () => {
  it('starts a script with the hint, once however often the build runs', () => {
    const hinted = withCompileHint('(()=>{})();');
    expect(hinted).toBe(`${COMPILE_HINT}(()=>{})();`);
    expect(withCompileHint(hinted)).toBe(hinted);
  });
});

describe('dropInlinedCssFromPayload', () => {
  const css = '.a{content:"ü"}.b>.c{color:red}';
  const note = 'Namasté & <b>';
  const rows =
    `0:["$","style","0",{"precedence":"next","href":"/x.css","children":"$2"}]\n` +
    `1:T${hex(note)},${note}` +
    `2:T${hex(css)},${css}` +
    `3:["$","p",null,{"children":"$1"}]\n`;
  // The CSS row is cut in two by a chunk boundary, as Next's streaming may do.
  const split = rows.indexOf('.b>');
  const page = `<body>${push(rows.slice(0, split))}${push(rows.slice(split))}</body>`;

  it('empties the text rows of inlined <style> elements and keeps every other row', () => {
    const payload = payloadOf(dropInlinedCssFromPayload(page));
    expect(payload).toBe(
      `0:["$","style","0",{"precedence":"next","href":"/x.css","children":"$2"}]\n` +
        `1:T${hex(note)},${note}2:T0,3:["$","p",null,{"children":"$1"}]\n`,
    );
  });

  it('keeps markup-like text escaped for an inline script', () => {
    const html = dropInlinedCssFromPayload(page);
    expect(html).not.toContain('<b>');
    expect(html.match(/<script>/g)).toHaveLength(2);
  });

  it('fails on a payload it cannot read, rather than guessing', () => {
    expect(() => dropInlinedCssFromPayload('<body></body>')).toThrow('no inline React');
    expect(() => dropInlinedCssFromPayload(`<body>${push('not a row')}</body>`)).toThrow(
      'unreadable payload row',
    );
  });
});
