import { describe, expect, it } from '@jest/globals';
import { COMPILE_HINT, startupScripts, withCompileHint } from './compile-hints';

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
