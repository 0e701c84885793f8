// Integration tests: the real HTTP service, the local fake PayPal (Orders v2 + OAuth over HTTP) and
// a real SMTP exchange with a loopback server whose messages are parsed.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, afterEach, before, describe, test } from 'node:test';
import { strFromU8, unzipSync } from 'fflate';
import { presets } from '@/lib/content';
import { formatAmount } from '@/lib/money';
import { loadConfig, type Config } from './config';
import type { Fields } from './log';
import { startService } from './service';
import { startSmtpCapture } from './testing/smtp-capture';
import { signToken } from './tokens';

const SITE = 'http://127.0.0.1:4173';
const [stoic, regal, earthy] = presets as [
  (typeof presets)[0],
  (typeof presets)[0],
  (typeof presets)[0],
];
const priceOf = (...packs: (typeof presets)[0][]) =>
  formatAmount(packs.reduce((sum, pack) => sum + pack.priceCents, 0));

type Service = Awaited<ReturnType<typeof startService>>;

async function start(
  smtpUrl: string | null,
  overrides: Partial<Config> = {},
  dir = mkdtempSync(path.join(tmpdir(), 'order-service-')),
) {
  const logs: Fields[] = [];
  const config = {
    ...loadConfig({
      DATA_DIR: dir,
      SITE_ORIGINS: SITE,
      DOWNLOAD_LIMIT: '3',
      RATE_LIMIT_PER_MINUTE: '1000',
    }),
    port: 0,
    fakePayPalPort: 0,
    smtpUrl,
    ...overrides,
  };
  const log = {
    info: (f: Fields) => logs.push(f),
    warn: (f: Fields) => logs.push(f),
    error: (f: Fields) => logs.push(f),
  };
  const service = await startService(config, log);
  return { service, config, logs, dir };
}

/** Creates an order the way the checkout's PayPal button does, and captures it unless told not to. */
async function paidOrder(
  service: Service,
  value: string,
  { currency = 'USD', capture = true } = {},
) {
  const post = (url: string, body?: unknown) =>
    fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body ?? {}),
    }).then((response) => response.json() as Promise<{ id: string }>);
  const order = await post(`${service.paypalBase}/v2/checkout/orders`, {
    intent: 'CAPTURE',
    purchase_units: [{ amount: { currency_code: currency, value } }],
  });
  if (capture) await post(`${service.paypalBase}/v2/checkout/orders/${order.id}/capture`);
  return order.id;
}

function body(orderId: string, overrides: Record<string, unknown> = {}) {
  return {
    customerDetails: {
      name: 'Meera Kapoor',
      email: 'meera@example.com',
      phone: '+1 604 555 0100',
      address: '12 Main St, Vancouver',
    },
    purchasedItems: [stoic.name, earthy.name],
    totalAmount: priceOf(stoic, earthy),
    orderId,
    ...overrides,
  };
}

function confirm(service: Service, payload: unknown, headers: Record<string, string> = {}) {
  return fetch(`${service.url}/api/email/send-order-confirmation`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: SITE, ...headers },
    body: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
}

const linksIn = (text: string) =>
  [...text.matchAll(/https?:\/\/\S+\/download\/[\w.-]+/g)].map((match) => match[0]);

describe('the order-confirmation service', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let ctx: Awaited<ReturnType<typeof start>>;
  let service: Service;

  before(async () => {
    smtp = await startSmtpCapture();
    ctx = await start(smtp.url);
    service = ctx.service;
  });
  after(async () => {
    await service.close();
    await smtp.close();
    rmSync(ctx.dir, { recursive: true, force: true });
  });

  test('a paid order gets one e-mail with a link per pack, and the studio gets a copy', async () => {
    const before = smtp.messages.length;
    const orderId = await paidOrder(service, priceOf(stoic, earthy));
    const response = await confirm(service, body(orderId));
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), { ok: true, orderId });

    const [buyer, studio] = smtp.messages.slice(before);
    assert.equal(smtp.messages.length, before + 2);
    assert.equal(buyer!.to?.[0]?.address, 'meera@example.com');
    assert.match(buyer!.subject!, new RegExp(orderId));
    for (const part of [buyer!.text!, buyer!.html!]) {
      assert.match(part, new RegExp(orderId));
      assert.match(part, /Stoic Pack/);
      assert.match(part, /Earthy Tone/);
      assert.ok(part.includes(`$${priceOf(stoic, earthy)} USD`));
      assert.match(part, /licensed to the buyer/);
      assert.ok(part.includes(`${SITE}/thank-you/#fresh-links`));
    }
    const links = linksIn(buyer!.text!);
    assert.equal(links.length, 2);
    assert.deepEqual(linksIn(buyer!.html!), links);
    assert.ok(links.every((link) => link.startsWith(`${service.url}/download/`)));

    assert.equal(studio!.to?.[0]?.address, ctx.config.studioEmail);
    assert.match(studio!.text!, /meera@example.com/);
    assert.deepEqual(linksIn(studio!.text!), []);

    const download = await fetch(links[0]!);
    assert.equal(download.status, 200);
    assert.equal(download.headers.get('content-type'), 'application/zip');
    assert.equal(
      download.headers.get('content-disposition'),
      `attachment; filename="${stoic.slug}.zip"`,
    );
    const files = unzipSync(new Uint8Array(await download.arrayBuffer()));
    assert.ok(Object.keys(files).some((name) => name.endsWith('.xmp')));
    assert.match(strFromU8(files[`${stoic.name}/LICENSE.txt`]!), /licensed to the buyer/);
  });

  test('what the buyer typed is escaped in the HTML part and kept as typed in the text part', async () => {
    const before = smtp.messages.length;
    const name = '<script>alert("x")</script> & <img src=x onerror=alert(1)>';
    const orderId = await paidOrder(service, priceOf(stoic, earthy));
    const payload = body(orderId);
    payload.customerDetails = {
      ...payload.customerDetails,
      name,
      address: '"><a href="https://evil.example">win</a>',
    };
    assert.equal((await confirm(service, payload)).status, 200);
    const [buyer, studio] = smtp.messages.slice(before);
    for (const message of [buyer!, studio!]) {
      assert.ok(!message.html!.includes('<script>'));
      assert.ok(!message.html!.includes('<img src=x'));
      assert.ok(!message.html!.includes('href="https://evil.example"'));
      assert.ok(
        message.html!.includes('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;img'),
      );
    }
    assert.ok(buyer!.text!.includes(name));
  });

  test("the checkout's retry answers success without a second e-mail, even after a restart", async () => {
    const orderId = await paidOrder(service, priceOf(stoic, earthy));
    assert.equal((await confirm(service, body(orderId))).status, 200);
    const count = smtp.messages.length;
    const again = await confirm(service, body(orderId));
    assert.equal(again.status, 200);
    assert.equal(((await again.json()) as { alreadyConfirmed: boolean }).alreadyConfirmed, true);

    await service.close();
    ctx = await start(smtp.url, {}, ctx.dir);
    service = ctx.service;
    assert.equal((await confirm(service, body(orderId))).status, 200);
    assert.equal(smtp.messages.length, count);
  });

  test('an order already delivered is never sent to another address', async () => {
    const orderId = await paidOrder(service, priceOf(stoic, earthy));
    assert.equal((await confirm(service, body(orderId))).status, 200);
    const count = smtp.messages.length;
    const payload = body(orderId);
    payload.customerDetails = { ...payload.customerDetails, email: 'thief@example.com' };
    const response = await confirm(service, payload);
    assert.equal(response.status, 409);
    assert.match(((await response.json()) as { error: string }).error, /another e-mail address/);
    assert.equal(smtp.messages.length, count);
    assert.ok(ctx.logs.some((line) => line.msg === 'confirmation replayed for another address'));
  });

  describe('payments that do not match deliver nothing', () => {
    let count: number;
    before(() => void (count = smtp.messages.length));
    afterEach(() => assert.equal(smtp.messages.length, count, 'no e-mail may be sent'));

    const cases: [
      string,
      (service: Service) => Promise<Record<string, unknown>>,
      number,
      RegExp,
    ][] = [
      [
        'a total lowered in the request',
        async (s) => body(await paidOrder(s, '1.00'), { totalAmount: '1.00' }),
        422,
        /does not match the prices/,
      ],
      [
        'a payment smaller than the catalogue total',
        async (s) => body(await paidOrder(s, '1.00')),
        422,
        /payment does not match/,
      ],
      [
        'a payment for fewer items than named',
        async (s) => body(await paidOrder(s, priceOf(stoic))),
        422,
        /payment does not match/,
      ],
      [
        'an item the shop does not sell',
        async (s) =>
          body(await paidOrder(s, '39.99'), {
            purchasedItems: ['Free Pack'],
            totalAmount: '39.99',
          }),
        422,
        /Unknown items: Free Pack/,
      ],
      [
        'a payment in another currency',
        async (s) => body(await paidOrder(s, priceOf(stoic, earthy), { currency: 'EUR' })),
        422,
        /payment does not match/,
      ],
      [
        'an order that was approved but never captured',
        async (s) => body(await paidOrder(s, priceOf(stoic, earthy), { capture: false })),
        422,
        /payment does not match/,
      ],
      [
        'an order id PayPal does not know',
        async () => body('NOSUCHORDER12345'),
        422,
        /PayPal does not know this order/,
      ],
    ];
    for (const [name, payload, status, message] of cases) {
      test(name, async () => {
        const response = await confirm(service, await payload(service));
        assert.equal(response.status, status);
        assert.match(((await response.json()) as { error: string }).error, message);
      });
    }
    test('each refusal is logged with its reason', () => {
      const reasons = ctx.logs
        .filter((line) => line.msg === 'payment does not match the order')
        .map((line) => line.reason);
      assert.ok(reasons.some((reason) => /not USD/.test(String(reason))));
      assert.ok(reasons.some((reason) => /not COMPLETED/.test(String(reason))));
      assert.ok(reasons.some((reason) => /captured 100 cents/.test(String(reason))));
    });
  });

  describe('malformed requests get a 4xx with a JSON error and send nothing', () => {
    let count: number;
    before(() => void (count = smtp.messages.length));
    afterEach(() => assert.equal(smtp.messages.length, count, 'no e-mail may be sent'));

    const valid = body('5O190127TN364715T');
    const { customerDetails } = valid;
    const malformed: [string, unknown, Record<string, string>?, number?][] = [
      ['a body that is not JSON', 'customerDetails=1'],
      ['JSON cut short', '{"customerDetails": {'],
      ['an empty body', ''],
      ['a JSON array', []],
      ['JSON null', 'null'],
      ['no customer details', { ...valid, customerDetails: undefined }],
      [
        'an invalid e-mail address',
        { ...valid, customerDetails: { ...customerDetails, email: 'meera@' } },
      ],
      ['a blank name', { ...valid, customerDetails: { ...customerDetails, name: '   ' } }],
      ['no items', { ...valid, purchasedItems: [] }],
      [
        'an item twice',
        { ...valid, purchasedItems: [stoic.name, stoic.name], totalAmount: priceOf(stoic, stoic) },
      ],
      [
        'items that are not strings',
        { ...valid, purchasedItems: [{ name: stoic.name, price: 0 }] },
      ],
      ['a total as a number', { ...valid, totalAmount: 74.98 }],
      ['a total with one decimal', { ...valid, totalAmount: '74.9' }],
      ['a negative total', { ...valid, totalAmount: '-74.98' }],
      ['no order id', { ...valid, orderId: undefined }],
      ['an order id that climbs out of the path', { ...valid, orderId: '../../v1/oauth2/token' }],
      ['a field nobody asked for', { ...valid, discount: '100%' }],
      [
        'a form-encoded body',
        JSON.stringify(valid),
        { 'Content-Type': 'application/x-www-form-urlencoded' },
      ],
      [
        'a body over the size limit',
        { ...valid, customerDetails: { ...customerDetails, address: 'x'.repeat(20_000) } },
        {},
        413,
      ],
    ];
    for (const [name, payload, headers, status] of malformed) {
      test(name, async () => {
        const response = await confirm(service, payload, headers);
        assert.equal(response.status, status ?? 400);
        const answer = (await response.json()) as { error: string };
        assert.equal(typeof answer.error, 'string');
      });
    }
    test('the answer names the fields that are wrong', async () => {
      const response = await confirm(service, {
        ...valid,
        customerDetails: { ...customerDetails, email: 'nope' },
      });
      const answer = (await response.json()) as { issues: { path: string }[] };
      assert.deepEqual(
        answer.issues.map((issue) => issue.path),
        ['customerDetails.email'],
      );
    });
  });

  describe('download links', () => {
    async function deliveredLinks() {
      const before = smtp.messages.length;
      const orderId = await paidOrder(service, priceOf(stoic, earthy));
      assert.equal((await confirm(service, body(orderId))).status, 200);
      return { orderId, links: linksIn(smtp.messages[before]!.text!) };
    }

    test('work a limited number of times', async () => {
      const { links } = await deliveredLinks();
      for (let i = 0; i < ctx.config.downloadLimit; i += 1)
        assert.equal((await fetch(links[1]!)).status, 200);
      const over = await fetch(links[1]!);
      assert.equal(over.status, 410);
      assert.match(((await over.json()) as { error: string }).error, /used 3 times/);
      assert.equal((await fetch(links[0]!)).status, 200, 'the other pack keeps its own count');
    });

    test('expire, and cannot be extended or forged', async () => {
      const { links } = await deliveredLinks();
      const [linkId, expiry, signature] = links[0]!.split('/download/')[1]!.split('.') as [
        string,
        string,
        string,
      ];
      const expired = signToken(ctx.config.downloadSecret, linkId, Date.now() - 1000);
      const response = await fetch(`${service.url}/download/${expired}`);
      assert.equal(response.status, 410);
      assert.match(((await response.json()) as { error: string }).error, /expired/);

      const extended = `${linkId}.${Number(expiry) + 86_400_000}.${signature}`;
      assert.equal((await fetch(`${service.url}/download/${extended}`)).status, 404);
      const forged = signToken('another secret', linkId, Number(expiry));
      assert.equal((await fetch(`${service.url}/download/${forged}`)).status, 404);
      assert.equal((await fetch(`${service.url}/download/not-a-token`)).status, 404);
    });

    test('fresh ones are sent on request, only to the address of the order', async () => {
      const { orderId, links } = await deliveredLinks();
      const resend = (email: string) =>
        fetch(`${service.url}/api/orders/resend`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Origin: SITE },
          body: JSON.stringify({ orderId, email }),
        });
      const count = smtp.messages.length;
      const stranger = await resend('someone@example.com');
      assert.equal(stranger.status, 202);
      assert.equal(smtp.messages.length, count);

      const owner = await resend('MEERA@example.com');
      assert.equal(owner.status, 202);
      assert.deepEqual(
        await stranger.json(),
        await owner.json(),
        'the answer does not reveal the order',
      );
      assert.equal(smtp.messages.length, count + 1);
      const fresh = smtp.messages.at(-1)!;
      assert.equal(fresh.to?.[0]?.address, 'meera@example.com');
      const freshLinks = linksIn(fresh.text!);
      assert.equal(freshLinks.length, 2);
      assert.notDeepEqual(freshLinks, links);
      assert.equal((await fetch(freshLinks[0]!)).status, 200);
    });
  });

  describe('from a browser', () => {
    test('the site origin may call the API; others may not, and nothing is sent for them', async () => {
      const preflight = await fetch(`${service.url}/api/email/send-order-confirmation`, {
        method: 'OPTIONS',
        headers: {
          Origin: SITE,
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'content-type',
        },
      });
      assert.equal(preflight.headers.get('access-control-allow-origin'), SITE);

      const count = smtp.messages.length;
      const orderId = await paidOrder(service, priceOf(stoic, earthy));
      const foreignPreflight = await fetch(`${service.url}/api/email/send-order-confirmation`, {
        method: 'OPTIONS',
        headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' },
      });
      assert.equal(foreignPreflight.headers.get('access-control-allow-origin'), null);
      const foreign = await confirm(service, body(orderId), { Origin: 'https://evil.example' });
      assert.equal(foreign.status, 403);
      assert.equal(foreign.headers.get('access-control-allow-origin'), null);
      assert.equal(smtp.messages.length, count);
    });

    test('the health endpoint answers', async () => {
      const response = await fetch(`${service.url}/health`);
      assert.deepEqual(await response.json(), { ok: true });
    });
  });

  test('when the mail server refuses, the order is not recorded and the retry delivers it', async () => {
    const orderId = await paidOrder(service, priceOf(regal));
    const payload = body(orderId, { purchasedItems: [regal.name], totalAmount: priceOf(regal) });
    const count = smtp.messages.length;
    smtp.failNext();
    const failed = await confirm(service, payload);
    assert.equal(failed.status, 502);
    assert.equal(smtp.messages.length, count);
    assert.equal((await confirm(service, payload)).status, 200);
    assert.equal(smtp.messages[count]!.to?.[0]?.address, 'meera@example.com');
  });

  test('no line of the log holds a secret, a token or an e-mail address', () => {
    const text = ctx.logs.map((line) => JSON.stringify(line)).join('\n');
    assert.ok(!text.includes(ctx.config.downloadSecret));
    assert.ok(!text.includes(ctx.config.paypal.clientSecret));
    assert.ok(!text.includes('meera@example.com'));
    assert.ok(!/\/download\/[\w-]{22}\./.test(text));
  });
});

describe('limits', () => {
  test('a client that sends too many requests is told to wait', async () => {
    const { service, dir } = await start(null, { rateLimit: 3 });
    try {
      const statuses = [];
      for (let i = 0; i < 4; i += 1) statuses.push((await confirm(service, {})).status);
      assert.deepEqual(statuses, [400, 400, 400, 429]);
    } finally {
      await service.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('PayPal out of reach is a 502 the checkout can retry, and nothing is recorded', async () => {
    const { service, dir } = await start(null, {
      fakePayPalPort: null,
      paypal: { apiBase: 'http://127.0.0.1:9', clientId: 'a', clientSecret: 'b' },
    });
    try {
      const response = await confirm(service, body('5O190127TN364715T'));
      assert.equal(response.status, 502);
      assert.equal(service.store.findOrder('5O190127TN364715T'), null);
    } finally {
      await service.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
