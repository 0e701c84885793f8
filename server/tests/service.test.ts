// Integration tests: the real HTTP service, the local fake PayPal (Orders v2 + OAuth over HTTP) and
// a real SMTP exchange with a loopback server whose messages are parsed.
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { after, afterEach, before, describe, test } from 'node:test';
import { strFromU8, unzipSync } from 'fflate';
import {
  ask,
  body,
  captureOf,
  confirm,
  CUSTOMER,
  counted,
  earthy,
  linksIn,
  paidOrder,
  priceOf,
  regal,
  retried,
  serviceFor,
  SITE,
  start,
  withService,
  stoic,
  type Receipt,
  type Service,
  publishedShop,
  STUDIO,
  PAYPAL_OUT_OF_REACH,
  receiptOf,
} from '../testing/harness';
import { startSmtpCapture } from '../testing/smtp-capture';
import { REFUSAL } from '../routes/confirmation';
import { signToken } from '../downloads/tokens';

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
    const orderId = await paidOrder(service, [stoic, earthy]);
    const response = await confirm(service, body(orderId));
    const receipt = await receiptOf(response, [stoic, earthy]);
    await service.settled();

    // Sent side by side: found by their recipient.
    const sent = smtp.messages.slice(before);
    const buyer = sent.find((message) => message.to?.[0]?.address === CUSTOMER.email);
    const studio = sent.find((message) => message.to?.[0]?.address === STUDIO);
    assert.equal(smtp.messages.length, before + 2);
    assert.equal(buyer!.to?.[0]?.address, 'meera@example.com');
    assert.match(buyer!.subject!, new RegExp(orderId));
    for (const part of [buyer!.text!, buyer!.html!]) {
      assert.match(part, new RegExp(orderId));
      assert.match(part, /Stoic Pack/);
      assert.match(part, /Earthy Tone/);
      assert.ok(part.includes(`$${priceOf(stoic, earthy)} USD`));
      assert.ok(part.includes(publishedShop.terms!.mayNot[0]!), 'the licence');
      assert.ok(part.includes(publishedShop.terms!.refund), 'the refund promise');
      assert.ok(part.includes(`${SITE}/thank-you/#fresh-links`));
      // Each link says what it delivers, in the words the catalogue publishes for the pack.
      for (const pack of [stoic, earthy]) {
        const { files } = publishedShop.packs.find((sold) => sold.slug === pack.slug)!;
        assert.match(files!, /^\d+ presets as \.xmp files/);
        assert.ok(part.includes(files!), `${pack.name}: ${files}`);
      }
    }
    const links = linksIn(buyer!.text!);
    assert.equal(links.length, 2);
    assert.deepEqual(linksIn(buyer!.html!), links);
    assert.deepEqual(
      receipt.downloads.map((download) => download.url),
      links.map((link) => `${link}/file`),
      "the answer carries the files of the e-mail's links",
    );
    assert.ok(links.every((link) => link.startsWith(`${service.url}/download/`)));
    const page = await (await fetch(links[0]!, { headers: { Accept: 'text/html' } })).text();
    assert.ok(page.includes(publishedShop.packs.find((sold) => sold.slug === stoic.slug)!.files!));
    assert.equal(service.store.findOrder(orderId)!.status, 'delivered');

    assert.equal(studio!.to?.[0]?.address, STUDIO);
    assert.match(studio!.text!, /meera@example.com/);
    assert.deepEqual(linksIn(studio!.text!), []);

    const download = await fetch(`${links[0]!}/file`);
    assert.equal(download.status, 200);
    assert.equal(download.headers.get('content-type'), 'application/zip');
    assert.equal(
      download.headers.get('content-disposition'),
      `attachment; filename="${stoic.slug}.zip"`,
    );
    const files = unzipSync(new Uint8Array(await download.arrayBuffer()));
    assert.ok(Object.keys(files).some((name) => name.endsWith('.xmp')));
    // Whose presets, which licence, what it allows, and where the terms live.
    const licence = strFromU8(files[`${stoic.name}/LICENSE.txt`]!);
    assert.match(
      licence,
      new RegExp(
        `^${stoic.name}, Lightroom presets by ${publishedShop.studio.name}\n\nLicence ${publishedShop.terms!.version}\n`,
      ),
    );
    assert.ok(licence.includes(publishedShop.terms!.mayNot[0]!));
    assert.match(licence, /The terms of sale: http:\/\/\S+\/terms\/\n$/);
  });

  test('what the buyer typed is escaped in the HTML part and kept as typed in the text part', async () => {
    const before = smtp.messages.length;
    const name = '<script>alert("x")</script> & <img src=x onerror=alert(1)>';
    const orderId = await paidOrder(service, [stoic, earthy]);
    const payload = body(orderId);
    payload.customerDetails = {
      ...payload.customerDetails,
      name,
      address: '"><a href="https://evil.example">win</a>',
    };
    assert.equal((await confirm(service, payload)).status, 200);
    await service.settled();
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
    const orderId = await paidOrder(service, [stoic, earthy]);
    assert.equal((await confirm(service, body(orderId))).status, 200);
    await service.settled();
    const count = smtp.messages.length;
    const again = await confirm(service, body(orderId));
    assert.equal(again.status, 200);
    const answer = (await again.json()) as Receipt & { alreadyConfirmed: boolean };
    assert.equal(answer.alreadyConfirmed, true);
    assert.equal(answer.downloads.length, 2, 'the retry still gets the links');

    await service.close();
    ctx = await start(smtp.url, {}, ctx.dir);
    service = ctx.service;
    assert.equal((await confirm(service, body(orderId))).status, 200);
    await service.settled();
    assert.equal(smtp.messages.length, count);
  });

  test('an order is bound to the address given at checkout: another is refused, before and after', async () => {
    const orderId = await paidOrder(service, [stoic, earthy]);
    const count = smtp.messages.length;
    const payload = body(orderId);
    payload.customerDetails = { ...payload.customerDetails, email: 'thief@example.com' };
    const first = await confirm(service, payload);
    assert.equal(first.status, 422);
    assert.equal(((await first.json()) as { error: string }).error, REFUSAL);
    assert.equal((await confirm(service, body(orderId))).status, 200);
    await service.settled();
    assert.equal((await confirm(service, payload)).status, 422);
    await service.settled();
    assert.deepEqual(
      smtp.messages
        .slice(count)
        .map((message) => message.to?.[0]?.address)
        .sort(),
      [STUDIO, 'meera@example.com'].sort(),
    );
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
        async (s) => body(await paidOrder(s, [stoic, earthy]), { totalAmount: '1.00' }),
        422,
        /cannot be confirmed/,
      ],
      [
        "items the browser names that PayPal's order does not hold",
        async (s) =>
          body(await paidOrder(s, [stoic, earthy]), {
            purchasedItems: [stoic.name, regal.name],
            totalAmount: priceOf(stoic, regal),
          }),
        422,
        /cannot be confirmed/,
      ],
      [
        'a payment at prices below the catalogue',
        async (s) =>
          body(
            await paidOrder(s, [stoic, earthy], {
              change: (request) => {
                const unit = request.purchase_units[0]!;
                for (const item of unit.items!) item.unit_amount.value = '0.50';
                unit.amount.value = unit.amount.breakdown!.item_total!.value = '1.00';
              },
            }),
          ),
        422,
        /cannot be confirmed/,
      ],
      [
        'an order that lists no items (only an amount)',
        async (s) =>
          body(
            await paidOrder(s, [stoic, earthy], {
              change: (request) => {
                const unit = request.purchase_units[0]!;
                delete unit.items;
                delete unit.amount.breakdown;
              },
            }),
          ),
        422,
        /cannot be confirmed/,
      ],
      [
        'an item the shop does not sell',
        async (s) =>
          body(
            await paidOrder(s, [stoic], {
              change: (request) => void (request.purchase_units[0]!.items![0]!.sku = 'free-pack'),
            }),
          ),
        422,
        /cannot be confirmed/,
      ],
      [
        'a payment in another currency',
        async (s) =>
          body(
            await paidOrder(s, [stoic, earthy], {
              change: (request) => {
                const unit = request.purchase_units[0]!;
                for (const money of [unit.amount, unit.amount.breakdown!.item_total!])
                  money.currency_code = 'EUR';
                for (const item of unit.items!) item.unit_amount.currency_code = 'EUR';
              },
            }),
          ),
        422,
        /cannot be confirmed/,
      ],
      [
        'an order that was approved but never captured',
        async (s) => body(await paidOrder(s, [stoic, earthy], { capture: false })),
        422,
        /cannot be confirmed/,
      ],
      [
        'an order id PayPal does not know',
        async () => body('NOSUCHORDER12345'),
        422,
        /cannot be confirmed/,
      ],
    ];
    for (const [name, payload, status, message] of cases) {
      test(name, async () => {
        const response = await confirm(service, await payload(service));
        assert.equal(response.status, status);
        assert.match(((await response.json()) as { error: string }).error, message);
        await service.settled();
      });
    }
    test('each refusal is logged with its reason', () => {
      const reasons = ctx.logs
        .filter((line) => /not deliverable|does not match/.test(line.msg))
        .map((line) => String(line.reason));
      for (const reason of [
        /priced in EUR/,
        /order status is CREATED/,
        /priced 0.50/,
        /no items/,
        /unknown sku "free-pack"/,
        /items or total do not match/,
      ]) {
        assert.ok(
          reasons.some((each) => reason.test(each)),
          `${reason} in ${reasons.join('; ')}`,
        );
      }
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
        415,
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
      const orderId = await paidOrder(service, [stoic, earthy]);
      assert.equal((await confirm(service, body(orderId))).status, 200);
      await service.settled();
      const buyer = smtp.messages
        .slice(before)
        .find((message) => message.to?.[0]?.address === CUSTOMER.email)!;
      return { orderId, links: linksIn(buyer.text!) };
    }

    test('work a limited number of times', async () => {
      const { links } = await deliveredLinks();
      const file = `${links[1]!}/file`;
      for (let i = 1; i <= ctx.config.downloadLimit; i += 1) {
        const download = await fetch(file);
        assert.equal(download.status, 200);
        await download.arrayBuffer();
        await counted(service, file, i);
      }
      const over = await fetch(file);
      assert.equal(over.status, 410);
      assert.match(((await over.json()) as { error: string }).error, /used 3 times/);
      assert.equal(
        (await fetch(`${links[0]!}/file`)).status,
        200,
        'the other pack keeps its own count',
      );
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
      const resend = (email: string) => ask(service, '/api/orders/resend', { orderId, email });
      const count = smtp.messages.length;
      const stranger = await resend('someone@example.com');
      assert.equal(stranger.status, 404);
      assert.match(((await stranger.json()) as { error: string }).error, /no paid order/);
      await service.settled();
      const toBuyers = () => smtp.messages.filter((m) => m.to?.[0]?.address !== STUDIO);
      const buyerCount = toBuyers().length;
      assert.equal(smtp.messages.length, count + 1, 'only the studio is told');

      const owner = await resend('MEERA@example.com');
      assert.equal(owner.status, 202);
      await service.settled();
      assert.equal(toBuyers().length, buyerCount + 1);
      const fresh = toBuyers().at(-1)!;
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
      const orderId = await paidOrder(service, [stoic, earthy]);
      const foreignPreflight = await fetch(`${service.url}/api/email/send-order-confirmation`, {
        method: 'OPTIONS',
        headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' },
      });
      assert.equal(foreignPreflight.headers.get('access-control-allow-origin'), null);
      const foreign = await confirm(service, body(orderId), { Origin: 'https://evil.example' });
      assert.equal(foreign.status, 403);
      assert.equal(foreign.headers.get('access-control-allow-origin'), null);
      await service.settled();
      assert.equal(smtp.messages.length, count);
    });

    test("the health endpoint answers with the version of the shop's catalogue", async () => {
      const response = await fetch(`${service.url}/health`);
      const health = (await response.json()) as { ok: boolean; catalog: { version: string } };
      assert.equal(health.ok, true);
      assert.equal(health.catalog.version, publishedShop.version);
    });
  });

  test('when the mail server is down, the buyer gets the links at once and the e-mail once it is back', async () => {
    const orderId = await paidOrder(service, [regal]);
    const payload = body(orderId, { purchasedItems: [regal.name], totalAmount: priceOf(regal) });
    const count = smtp.messages.length;
    smtp.failNext();
    smtp.failNext();
    const response = await confirm(service, payload);
    assert.equal(response.status, 200);
    assert.equal(((await response.json()) as Receipt).downloads.length, 1);
    assert.equal(service.store.findOrder(orderId)!.status, 'paid');
    await retried(() => service.store.findOrder(orderId)!.status === 'delivered');
    await service.settled();
    const sent = smtp.messages.slice(count);
    assert.deepEqual(
      sent.map((message) => message.to?.[0]?.address).sort(),
      [STUDIO, 'meera@example.com'].sort(),
      'each e-mail exactly once',
    );
    assert.ok(ctx.logs.some((line) => line.msg === 'e-mail failed, will retry'));
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
    await withService(null, { rateLimit: 3 }, async ({ service }) => {
      const statuses = [];
      for (let i = 0; i < 4; i += 1) statuses.push((await confirm(service, {})).status);
      assert.deepEqual(statuses, [400, 400, 400, 429]);
    });
  });

  test('PayPal out of reach is a 502 the checkout can retry, and nothing is recorded', async () => {
    await withService(null, PAYPAL_OUT_OF_REACH, async ({ service }) => {
      const response = await confirm(service, body('5O190127TN364715T'));
      assert.equal(response.status, 502);
      assert.equal(service.store.findOrder('5O190127TN364715T'), null);
    });
  });
});

describe("PayPal's webhook", () => {
  const it = serviceFor();

  const toBuyer = (orderId: string) =>
    it.smtp.messages.filter(
      (message) =>
        message.to?.[0]?.address === 'meera@example.com' && message.subject?.includes(orderId),
    );

  test('a capture whose browser never confirms is delivered once, to the address given at checkout', async () => {
    const orderId = await paidOrder(it.service, [stoic, earthy], { webhook: true });
    await retried(() => it.service.store.findOrder(orderId)?.status === 'delivered');
    await it.service.settled();
    const order = it.service.store.findOrder(orderId)!;
    assert.equal(order.source, 'webhook');
    assert.deepEqual(
      order.lines.map((line) => line.slug),
      [stoic.slug, earthy.slug],
    );
    const [buyer] = toBuyer(orderId);
    assert.equal(linksIn(buyer!.text!).length, 2);
    assert.equal((await fetch(`${linksIn(buyer!.text!)[0]!}/file`)).status, 200);

    // The browser's confirmation, arriving late, gets the same links and sends nothing more.
    const late = await confirm(it.service, body(orderId));
    assert.equal(late.status, 200);
    assert.deepEqual(
      ((await late.json()) as Receipt).downloads.map((download) => download.url),
      linksIn(buyer!.text!).map((link) => `${link}/file`),
    );
    await it.service.settled();
    assert.equal(toBuyer(orderId).length, 1);
  });

  test('the browser and the webhook racing deliver once', async () => {
    for (let round = 0; round < 5; round += 1) {
      const orderId = await paidOrder(it.service, [earthy], { webhook: true });
      const statuses = await Promise.all(
        [0, 1, 2].map(
          async () =>
            (
              await confirm(
                it.service,
                body(orderId, { purchasedItems: [earthy.name], totalAmount: priceOf(earthy) }),
              )
            ).status,
        ),
      );
      assert.deepEqual(statuses, [200, 200, 200]);
      await retried(() =>
        it.ctx.logs.some((line) => line.msg === 'webhook' && line.orderId === orderId),
      );
      await it.service.settled();
      assert.equal(toBuyer(orderId).length, 1);
    }
  });

  describe('an event that PayPal did not sign is refused and delivers nothing', () => {
    const event = (orderId: string) =>
      JSON.stringify({
        id: 'WH-1',
        event_type: 'PAYMENT.CAPTURE.COMPLETED',
        resource: { id: 'CAPTURE1', supplementary_data: { related_ids: { order_id: orderId } } },
      });
    // PayPal's certificate, at the (fake) PayPal's address: the service fetches it and the
    // signature does not verify with it.
    const headers = () => ({
      'Content-Type': 'application/json',
      'PayPal-Auth-Algo': 'SHA256withRSA',
      'PayPal-Cert-Url': `${it.service.paypalBase}/v1/notifications/certs/CERT-FAKE-360caa42`,
      'PayPal-Transmission-Id': 'b2384410-f8d2-11e8-9e65-6b7d0b9a05b3',
      'PayPal-Transmission-Time': new Date().toISOString(),
      'PayPal-Transmission-Sig': Buffer.from('forged').toString('base64'),
    });
    const send = (payload: string, sent: Record<string, string>) =>
      fetch(`${it.service.url}/webhooks/paypal`, { method: 'POST', headers: sent, body: payload });

    for (const [name, sent] of [
      ['a forged signature', headers],
      ['no signature', () => ({ 'Content-Type': 'application/json' })],
    ] as const) {
      test(name, async () => {
        const orderId = await paidOrder(it.service, [stoic]);
        const response = await send(event(orderId), sent());
        assert.equal(response.status, 400);
        await it.service.settled();
        assert.equal(it.service.store.findOrder(orderId), null);
        assert.equal(toBuyer(orderId).length, 0);
      });
    }
  });
});

describe('a buyer recovers an order', () => {
  const it = serviceFor();

  const sentTo = (address: string) =>
    it.smtp.messages.filter((message) => message.to?.[0]?.address === address);

  test("that the service never heard of, by the order id or the receipt's transaction id", async () => {
    // Paid, but neither the browser's call nor PayPal's webhook ever arrived.
    const byOrder = await paidOrder(it.service, [stoic], { email: 'asha@example.com' });
    const byCapture = await paidOrder(it.service, [regal], { email: 'asha@example.com' });
    const statuses = [];
    for (const [id, email] of [
      [byOrder, 'someone@example.com'],
      ['NOSUCHORDER12345', 'asha@example.com'],
      [byOrder, 'Asha@example.com'],
      [await captureOf(it.service, byCapture), 'asha@example.com'],
    ] as const) {
      const response = await ask(it.service, '/api/orders/resend', { orderId: id, email });
      statuses.push(response.status);
    }
    assert.deepEqual(statuses, [404, 404, 202, 202], 'said plainly: found and sent, or not');
    await it.service.settled();
    const alerts = sentTo(STUDIO).filter((m) => /cannot find/.test(m.subject ?? ''));
    assert.equal(alerts.length, 2, 'the studio is told of each order nobody found');
    await retried(() => sentTo('asha@example.com').length === 2);
    assert.equal(it.service.store.findOrder(byOrder)!.source, 'recovery');
    assert.equal(it.service.store.findOrder(byCapture)!.email, 'asha@example.com');
    assert.equal(sentTo('someone@example.com').length, 0);
    assert.equal(it.service.store.findOrder('NOSUCHORDER12345'), null);
    const links = linksIn(sentTo('asha@example.com')[0]!.text!);
    assert.equal((await fetch(links[0]!)).status, 200);
  });

  test('every order of an address goes to that address, with the same answer for any address', async () => {
    const first = await paidOrder(it.service, [earthy], { email: 'ravi@example.com' });
    const second = await paidOrder(it.service, [stoic, regal], { email: 'ravi@example.com' });
    const ravi = { name: 'Ravi', email: 'ravi@example.com', phone: '1', address: 'A' };
    for (const [orderId, packs] of [
      [first, [earthy]],
      [second, [stoic, regal]],
    ] as const) {
      const payload = body(orderId, {
        customerDetails: ravi,
        purchasedItems: packs.map((pack) => pack.name),
        totalAmount: priceOf(...packs),
      });
      assert.equal((await confirm(it.service, payload)).status, 200);
    }
    await it.service.settled();
    const before = sentTo('ravi@example.com').length;
    const known = await ask(it.service, '/api/orders/all', { email: 'RAVI@example.com' });
    const unknown = await ask(it.service, '/api/orders/all', { email: 'nobody@example.com' });
    assert.equal(known.status, 202);
    assert.deepEqual(await known.json(), await unknown.json());
    await it.service.settled();
    const sent = sentTo('ravi@example.com').slice(before);
    assert.deepEqual(sent.map((message) => linksIn(message.text!).length).sort(), [1, 2]);
    assert.equal(sentTo('nobody@example.com').length, 0);

    // At most three such e-mails an hour: asking again and again floods nobody.
    for (let i = 0; i < 5; i += 1)
      await ask(it.service, '/api/orders/all', { email: 'ravi@example.com' });
    await it.service.settled();
    assert.ok(sentTo('ravi@example.com').length - before <= 3 + 1);
  });
});

describe('the outbox', () => {
  test('an e-mail that keeps failing is given up after its retries, and the studio is told', async () => {
    const smtp = await startSmtpCapture();
    const ctx = await start(smtp.url, { mailRetryDelaysMs: [10, 10] });
    try {
      const orderId = await paidOrder(ctx.service, [stoic]);
      // The buyer's e-mail and the studio's copy take turns: the buyer's fails all three times,
      // the studio's twice, and goes out on its third attempt.
      smtp.failNextTo(CUSTOMER.email, 3);
      smtp.failNextTo(STUDIO, 2);
      const response = await confirm(
        ctx.service,
        body(orderId, { purchasedItems: [stoic.name], totalAmount: priceOf(stoic) }),
      );
      assert.equal(response.status, 200);
      await retried(() => ctx.logs.some((line) => line.msg === 'e-mail given up'));
      await retried(() =>
        smtp.messages.some((message) => /Undelivered/.test(message.subject ?? '')),
      );
      await ctx.service.settled();
      const alert = smtp.messages.find((message) => /Undelivered/.test(message.subject ?? ''))!;
      assert.equal(alert.to?.[0]?.address, STUDIO);
      assert.match(alert.text!, new RegExp(orderId));
      assert.equal(ctx.service.store.findOrder(orderId)!.status, 'paid');
      assert.ok(
        !ctx.logs
          .map((line) => JSON.stringify(line))
          .join('\n')
          .includes('meera@example.com'),
      );
    } finally {
      await ctx.service.close();
      await smtp.close();
      rmSync(ctx.dir, { recursive: true, force: true });
    }
  });
});
