// The build's link check: a link resolves to a page or file, names a page in other letter case
// (a redirect is written for it), or fails the build naming the page and the link.
import { describe, expect, test } from '@jest/globals';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { checkLinks, siteLinks, writeLinks } from './links';

function site(pages: Record<string, string[]>) {
  const out = mkdtempSync(path.join(tmpdir(), 'links-'));
  for (const [file, hrefs] of Object.entries(pages)) {
    mkdirSync(path.dirname(path.join(out, file)), { recursive: true });
    const links = hrefs.map((href) => `<a class="x" href="${href}">link</a>`).join('');
    writeFileSync(path.join(out, file), `<!doctype html><html><body>${links}</body></html>`);
  }
  writeFileSync(path.join(out, 'catalog.json'), '{}');
  return out;
}

describe('the links of out/', () => {
  test('pages, files and fragments resolve; other letter case is a redirect; the rest is broken', () => {
    const out = site({
      'index.html': [
        '/weddings/Wed1/',
        '/catalog.json',
        '/about/#team',
        '/about',
        'https://x.example/',
      ],
      'about/index.html': ['/Weddings/wed1', '/weddings/rohan-and-tara?from=about'],
      'weddings/Wed1/index.html': ['/'],
    });
    try {
      const links = siteLinks(out);
      expect(links).toHaveLength(7);
      expect(checkLinks(out, links)).toEqual({
        redirects: [{ from: '/Weddings/wed1', to: '/weddings/Wed1/' }],
        broken: [{ page: 'about/index.html', href: '/weddings/rohan-and-tara' }],
      });
      expect(() => writeLinks(out, 'https://studio.example')).toThrow(
        'Links to no page (fix them in content/, or add the page):\n  about/index.html: /weddings/rohan-and-tara',
      );
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });

  test('an old address gets a 301 in _redirects and a page that moves the visitor on', () => {
    const out = site({ 'index.html': ['/Weddings/wed1'], 'weddings/Wed1/index.html': [] });
    try {
      expect(writeLinks(out, 'https://studio.example')).toEqual({ links: 1, redirects: 1 });
      expect(readFileSync(path.join(out, '_redirects'), 'utf8')).toContain(
        '/Weddings/wed1 /weddings/Wed1/ 301\n/Weddings/wed1/ /weddings/Wed1/ 301\n',
      );
      const moved = readFileSync(path.join(out, 'Weddings/wed1/index.html'), 'utf8');
      expect(moved).toContain('<meta http-equiv="refresh" content="0; url=/weddings/Wed1/" />');
      expect(moved).toContain(
        '<link rel="canonical" href="https://studio.example/weddings/Wed1/" />',
      );
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
