import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ConfigError, loadConfig, requiredInProduction } from './config';

describe('configuration', () => {
  test('runs locally with no settings: fake PayPal, outbox folder, the local site origin', () => {
    const config = loadConfig({}, '/srv/site');
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
      /DOWNLOAD_SECRET must be at least 32 characters/,
    );
    const config = loadConfig({
      ...env,
      NODE_ENV: 'production',
      DOWNLOAD_SECRET: 'a'.repeat(32),
      PAYPAL_API_BASE: 'https://api-m.paypal.com/',
    });
    assert.equal(config.fakePayPalPort, null);
    assert.equal(config.paypal.apiBase, 'https://api-m.paypal.com');
  });

  test('a number that is not one is named', () => {
    assert.throws(
      () => loadConfig({ DOWNLOAD_LIMIT: 'lots' }),
      /DOWNLOAD_LIMIT must be a positive number, got "lots"/,
    );
  });
});
