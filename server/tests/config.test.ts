import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { ConfigError, loadConfig, requiredInProduction, serviceEnvSchema } from '../config';

describe('configuration', () => {
  test('runs locally with no settings: fake PayPal, outbox folder, the local site origin', () => {
    const config = loadConfig({ NODE_ENV: 'development' }, '/srv/site');
    assert.equal(config.production, false);
    assert.equal(config.fakePayPalPort, 8788);
    assert.equal(config.paypal.apiBase, 'http://127.0.0.1:8788');
    assert.equal(config.smtpUrl, null);
    assert.equal(config.outboxDir, '/srv/site/server/.data/outbox');
    assert.deepEqual(config.siteOrigins, ['http://127.0.0.1:3000', 'http://localhost:3000']);
    assert.equal(config.downloadTtlMs, 7 * 24 * 60 * 60 * 1000);
  });

  test('in production it refuses to start and names every missing setting', () => {
    assert.throws(
      () => loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example:587' }),
      (error: Error) => {
        assert.ok(error instanceof ConfigError);
        for (const name of requiredInProduction.filter((name) => name !== 'SMTP_URL')) {
          assert.match(error.message, new RegExp(name));
        }
        assert.doesNotMatch(error.message, /SMTP_URL/);
        return true;
      },
    );
  });

  test('in production it refuses a short download secret and never uses the fake PayPal', () => {
    const env = Object.fromEntries(requiredInProduction.map((name) => [name, 'x']));
    assert.throws(
      () => loadConfig({ ...env, NODE_ENV: 'production', DOWNLOAD_SECRET: 'short' }),
      /DOWNLOAD_SECRET must be at least 32 random characters/,
    );
    const config = loadConfig({
      ...env,
      NODE_ENV: 'production',
      DOWNLOAD_SECRET: 'Zq4-Tn8_wB2xKc7Lm1Ps9Rd3Vf6Hj0Gy',
      PAYPAL_API_BASE: 'https://api-m.paypal.com/',
    });
    assert.equal(config.fakePayPalPort, null);
    assert.equal(config.paypal.apiBase, 'https://api-m.paypal.com');
  });

  test('behind proxies, TRUST_PROXY says how many', () => {
    const hops = (value?: string) =>
      loadConfig({ NODE_ENV: 'test', TRUST_PROXY: value }).trustProxyHops;
    assert.deepEqual([hops(), hops('0'), hops('true'), hops('1'), hops('2')], [0, 0, 1, 1, 2]);
    assert.throws(() => hops('yes'), /TRUST_PROXY must be a number/);
  });

  test('a number that is not one is named', () => {
    assert.throws(
      () => loadConfig({ NODE_ENV: 'test', DOWNLOAD_LIMIT: 'lots' }),
      /DOWNLOAD_LIMIT must be a positive number, got "lots"/,
    );
  });

  test('reviews: a folder without a GitHub token, the repository with one; the reminder days', () => {
    const local = loadConfig({ NODE_ENV: 'test' }, '/srv/site');
    assert.deepEqual(local.reviews, {
      publisher: { kind: 'local', dir: '/srv/site/content/reviews' },
      reminderDays: 5,
      // The studio's notice of a review takes the changes of ten minutes; six sends an hour a link.
      noticeWindowMs: 10 * 60 * 1000,
      sendsPerHour: 6,
    });
    const github = loadConfig({
      NODE_ENV: 'test',
      CMS_GITHUB_TOKEN: 'token',
      CMS_REPO: 'studio/site',
      REVIEW_REMINDER_DAYS: 'off',
    });
    assert.deepEqual(github.reviews, {
      publisher: {
        kind: 'github',
        apiUrl: 'https://api.github.com',
        repo: 'studio/site',
        branch: 'main',
        token: 'token',
      },
      reminderDays: null,
      noticeWindowMs: 10 * 60 * 1000,
      sendsPerHour: 6,
    });
    assert.throws(
      () => loadConfig({ NODE_ENV: 'test', CMS_GITHUB_TOKEN: 'token' }),
      /CMS_REPO must name the repository/,
    );
    assert.throws(
      () => loadConfig({ NODE_ENV: 'test', REVIEW_REMINDER_DAYS: 'soon' }),
      /REVIEW_REMINDER_DAYS must be a number of days/,
    );
  });

  test('server/.env.example documents settings the service reads, every required one among them', () => {
    const documented = readFileSync(new URL('../.env.example', import.meta.url), 'utf8')
      .split('\n')
      .flatMap((line) => /^([A-Z0-9_]+)=/.exec(line)?.[1] ?? []);
    const known = Object.keys(serviceEnvSchema.shape);
    assert.deepEqual(
      documented.filter((name) => !known.includes(name)),
      [],
      'a setting the service does not read',
    );
    for (const name of requiredInProduction) assert.ok(documented.includes(name), name);
  });
});
