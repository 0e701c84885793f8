/** @jest-environment node */
import { describe, expect, test } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { isProductionBuild, productionProblems, readSettings, SETTING_NAMES } from './settings';

const live = {
  NEXT_PUBLIC_SITE_URL: 'https://www.saanjh.studio',
  NEXT_PUBLIC_PAYPAL_CLIENT_ID:
    'AZDxjDScFpQtjWTOUtWKbyN_bDt4OgqaF4eYXlewfBP4-8aqX3PiV8e1GWU6liB2CUXlkA59kJXE7M6R',
  NEXT_PUBLIC_API_BASE_URL: 'https://api.saanjh.studio',
  NEXT_PUBLIC_FORMSPREE_FORM_KEY: 'xqkrvyzb',
};

describe('a build for the public site', () => {
  test('is one whose site address is public; local and reserved names are not', () => {
    expect(isProductionBuild(live)).toBe(true);
    for (const site of [
      undefined,
      'http://127.0.0.1:3000',
      'http://localhost:3000',
      'https://www.saanjhstudio.example',
      'https://staging.saanjh.test',
    ]) {
      expect(isProductionBuild({ ...live, NEXT_PUBLIC_SITE_URL: site })).toBe(false);
    }
  });

  test('with live settings passes', () => {
    expect(productionProblems(live)).toEqual([]);
  });

  test('with the development defaults names each one', () => {
    const problems = productionProblems({ NEXT_PUBLIC_SITE_URL: 'http://www.saanjh.studio' });
    expect(problems.map((problem) => problem.split(' ')[0])).toEqual([
      'NEXT_PUBLIC_SITE_URL',
      'NEXT_PUBLIC_PAYPAL_CLIENT_ID',
      'NEXT_PUBLIC_API_BASE_URL',
      'NEXT_PUBLIC_FORMSPREE_FORM_KEY',
    ]);
    expect(problems[2]).toMatch(/127\.0\.0\.1:8787, the visitor's own machine/);
  });

  test.each([
    ['NEXT_PUBLIC_PAYPAL_CLIENT_ID', 'test', /sandbox/],
    ['NEXT_PUBLIC_API_BASE_URL', 'http://127.0.0.1:8787', /visitor's own machine/],
    ['NEXT_PUBLIC_API_BASE_URL', 'http://api.saanjh.studio', /over https/],
    ['NEXT_PUBLIC_FORMSPREE_FORM_KEY', 'your-form-key', /placeholder/],
  ])('refuses %s=%s', (name, value, message) => {
    expect(productionProblems({ ...live, [name]: value })).toEqual([
      expect.stringMatching(new RegExp(`^${name} .*${message.source}`)),
    ]);
  });

  test('a local build keeps its defaults', () => {
    expect(productionProblems({})).toEqual([]);
  });
});

describe('.env.example', () => {
  const lines = readFileSync('.env.example', 'utf8')
    .split('\n')
    .flatMap((line) => {
      const match = /^([A-Z0-9_]+)=(.*)$/.exec(line);
      return match ? [[match[1]!, match[2]!] as const] : [];
    });

  test('lists every setting, once, with its default', () => {
    expect(lines.map(([name]) => name)).toEqual(SETTING_NAMES);
    const defaults = readSettings({});
    for (const [name, value] of lines)
      expect([name, value]).toEqual([name, String(defaults[name as keyof typeof defaults])]);
  });

  test('an empty setting means its default', () => {
    expect(readSettings({ CMS_BRANCH: '' }).CMS_BRANCH).toBe('main');
  });
});
