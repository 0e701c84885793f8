/** @jest-environment node */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from '@jest/globals';
import {
  contentSecurityPolicy,
  headersFile,
  HEADERS_FILE_LIMITS,
  inlineScriptHashes,
  nginxSnippet,
  notFoundPolicyMeta,
} from './security-headers';

const api = 'https://api.saanjhstudio.example';
/** The page the README's nginx example shows. */
const examplePages = [
  { path: '/', hashes: ["'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='"] },
];

describe('security headers', () => {
  test('the policy allows the order service and each outside party only where it is used', () => {
    const directives = Object.fromEntries(
      contentSecurityPolicy(["'sha256-abc='"], `${api}/`)
        .split('; ')
        .map((directive) => [directive.split(' ')[0], directive.split(' ').slice(1)]),
    );
    expect(directives['connect-src']).toContain(api);
    expect(directives['connect-src']).toContain('https://formspree.io');
    expect(directives['frame-src']).toEqual(
      expect.arrayContaining(['https://www.youtube-nocookie.com', 'https://calendly.com']),
    );
    expect(directives['script-src']).not.toContain("'unsafe-eval'");
    expect(directives['script-src']).not.toContain("'unsafe-inline'");
    expect(directives['script-src']).toContain("'sha256-abc='");
    expect(directives['script-src']).not.toContain('https://formspree.io');
    expect(directives['object-src']).toEqual(["'none'"]);
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
  });

  test('Turnstile is allowed only when its site key turns it on', () => {
    const turnstile = 'https://challenges.cloudflare.com';
    expect(contentSecurityPolicy([], api, false)).not.toContain(turnstile);
    const on = contentSecurityPolicy([], api, true);
    expect(on).toMatch(new RegExp(`script-src [^;]*${turnstile}`));
    expect(on).toMatch(new RegExp(`frame-src [^;]*${turnstile}`));
  });

  test("a page's inline scripts are hashed; scripts with a src and JSON-LD are not", () => {
    const html =
      '<script>self.go(1)</script><script src="/a.js"></script>' +
      '<script type="application/ld+json">{"@type":"Product"}</script><script id="_R_">x()</script>';
    expect(inlineScriptHashes(html)).toEqual([
      "'sha256-9WI4TFV7uH/loR7EW/QKvNekD0zMADb9+GRIy5DUUZs='",
      "'sha256-D6IGS8VMvCoyaR/l0h9tERrBTATY01CoPS7l6xDv0kI='",
    ]);
  });

  test('each page allows its own scripts; no rule gives every address a policy', () => {
    const pages = [
      { path: '/', hashes: ["'sha256-home='"] },
      { path: '/about/', hashes: ["'sha256-about='"] },
    ];
    const file = headersFile(pages, api);
    // A host that sends both an address-wide policy and the page's enforces both.
    expect(file).toMatch(/^\/\*\n {2}Strict-Transport-Security: /);
    expect(file.split('\n\n')[0]).not.toContain('Content-Security-Policy');
    expect(file).toMatch(
      /\n\/about\/\n {2}Content-Security-Policy: default-src 'self'; script-src 'self' 'sha256-about=' https/,
    );
    expect(file).not.toMatch(/\n\/about\/\n[^\n]*\n[^\n]*'sha256-home='/);
  });

  test("within Cloudflare's limits however many pages and scripts there are", () => {
    const pages = Array.from({ length: 80 }, (_, n) => ({
      path: `/page-${n}/`,
      hashes: Array.from({ length: 5 }, (_, k) => `'sha256-${'x'.repeat(40)}${n}-${k}='`),
    }));
    const file = headersFile(pages, api);
    const longest = Math.max(...file.split('\n').map((line) => line.length));
    expect(longest).toBeLessThanOrEqual(HEADERS_FILE_LIMITS.lineLength);
  });

  test("the 404 page's policy, for its <head>, leaves out what a <meta> cannot say", () => {
    const meta = notFoundPolicyMeta(["'sha256-nf='"], api);
    expect(meta).toMatch(
      /^<meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self' 'sha256-nf='/,
    );
    expect(meta).toContain(`connect-src 'self' ${api}`);
    expect(meta).not.toContain('frame-ancestors');
  });

  test('assets are cached for a year, pages revalidate, each by its own rule alone', () => {
    const file = headersFile(examplePages, api);
    expect(file).toContain('/_next/static/*\n  Cache-Control: public, max-age=31536000, immutable');
    expect(file).toMatch(
      /\n\/\n {2}Content-Security-Policy: [^\n]*\n {2}Cache-Control: public, max-age=0, must-revalidate/,
    );
    // What every address gets sets no header another rule sets (a host joins them).
    expect(file.split('\n\n')[0]).not.toContain('Cache-Control');
    expect(file).not.toContain('!');
  });

  test('pages whose addresses differ only in letter case carry one policy for both (Netlify matches either)', () => {
    const file = headersFile(
      [
        { path: '/weddings/Wed1/', hashes: ["'sha256-new='"] },
        { path: '/Weddings/wed1/', hashes: ["'sha256-old='"] },
      ],
      api,
    );
    expect(file.match(/^\/weddings\/wed1\/$/gim)).toEqual(['/weddings/Wed1/', '/Weddings/wed1/']);
    const policies = file.match(/^ {2}Content-Security-Policy: .*'sha256-.*$/gm)!;
    expect(new Set(policies).size).toBe(1);
    expect(policies[0]).toContain("script-src 'self' 'sha256-new=' 'sha256-old='");
  });

  test('docs/deploying.md shows the nginx form of the same headers', () => {
    expect(readFileSync('docs/deploying.md', 'utf8')).toContain(nginxSnippet(examplePages, api));
  });
});
