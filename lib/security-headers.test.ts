/** @jest-environment node */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from '@jest/globals';
import { contentSecurityPolicy, headersFile, nginxSnippet } from './security-headers';

const api = 'https://api.saanjhstudio.example';

describe('security headers', () => {
  test('the policy allows the order service and each outside party only where it is used', () => {
    const directives = Object.fromEntries(
      contentSecurityPolicy(`${api}/`)
        .split('; ')
        .map((directive) => [directive.split(' ')[0], directive.split(' ').slice(1)]),
    );
    expect(directives['connect-src']).toContain(api);
    expect(directives['connect-src']).toContain('https://formspree.io');
    expect(directives['frame-src']).toEqual(
      expect.arrayContaining(['https://www.youtube-nocookie.com', 'https://calendly.com']),
    );
    expect(directives['script-src']).not.toContain("'unsafe-eval'");
    expect(directives['script-src']).not.toContain('https://formspree.io');
    expect(directives['object-src']).toEqual(["'none'"]);
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
  });

  test('assets are cached for a year, pages revalidate', () => {
    const file = headersFile(api);
    expect(file).toMatch(/^\/\*\n {2}Content-Security-Policy: /);
    expect(file).toContain(
      '/_next/static/*\n  ! Cache-Control\n  Cache-Control: public, max-age=31536000, immutable',
    );
    expect(file).toContain('  Cache-Control: public, max-age=0, must-revalidate');
  });

  test('the README shows the nginx form of the same headers', () => {
    expect(readFileSync('README.md', 'utf8')).toContain(nginxSnippet(api));
  });
});
