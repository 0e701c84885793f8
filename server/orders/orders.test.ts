// Orders the service creates and captures (the checkout's PayPal button): the real HTTP service,
// the fake PayPal that checks every request against PayPal's schemas, and a loopback SMTP server.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { connect } from 'node:net';
import path from 'node:path';
import { describe, test } from 'node:test';
import { FAKE_PAYER } from '../testing/paypal/fake-paypal';
import {
  addCode,
  approve,
  ask,
  body,
  buy,
  capture,
  confirm,
  copiesSent,
  createOrder,
  CUSTOMER,
  earthy,
  linksIn,
  paidOrder,
  regal,
  retried,
  serviceFor,
  start,
  withService,
  stoic,
  type Receipt,
  type Smtp,
  refund,
  atPayPal,
  captureAtPayPal,
  STUDIO,
  forgedWebhook,
  PAYPAL_OUT_OF_REACH,
  receiptOf,
} from '../testing/harness';
import { startSmtpCapture } from '../testing/smtp-capture';
import { COPY } from '../downloads/store';

const toBuyer = (it: { smtp: Smtp }, orderId: string, email = 'meera@example.com') =>
  it.smtp.messages.filter((m) => m.subject?.includes(orderId) && m.to?.[0]?.address === email);

describe('orders the service creates', () => {
  const it = serviceFor();

  test('a whole purchase: created at PayPal, captured on approval, answered with the links', async () => {
    const { id, response } = await buy(it.service, [stoic, earthy]);
    await receiptOf(response, [stoic, earthy]);
    await it.service.settled();
    const [buyer] = toBuyer(it, id);
    assert.equal(linksIn(buyer!.text!).length, 2);
    assert.equal(it.service.store.findOrder(id)!.status, 'delivered');

    // PayPal holds our reference, its seal and the sale's, never the buyer's address.
    const order = await atPayPal(it.service, id);
    const unit = order.purchase_units![0]!;
    const { ref } = it.service.store.findOrder(id)!;
    assert.match(ref!, /^SJ-[0-9A-F]{12}$/);
    assert.match(unit.custom_id!, new RegExp(`^${ref}\\.[\\w-]{22}\\.s[\\w-]{22}$`));
    assert.equal(unit.invoice_id, ref);
    assert.ok(!JSON.stringify(unit).includes('@'));

    // The browser repeating its capture (a retry, a reload) gets the same links, and no e-mail.
    const count = it.smtp.messages.length;
    const again = await capture(it.service, id);
    assert.equal(again.status, 200);
    assert.equal(((await again.json()) as { alreadyConfirmed?: boolean }).alreadyConfirmed, true);
    await it.service.settled();
    assert.equal(it.smtp.messages.length, count);
  });

  test('a declined card charges nothing, and the buyer may pay again in the same window', async () => {
    const { id, response } = await buy(it.service, [stoic], { capture: 'declined' });
    assert.equal(response.status, 422);
    assert.deepEqual(await response.json(), {
      error: 'PayPal declined the payment; nothing was charged.',
      outcome: 'declined',
      restart: true,
    });
    assert.equal(it.service.store.findOrder(id)!.status, 'created');
    assert.equal((await capture(it.service, id)).status, 422, 'the same card is declined again');
    await approve(it.service, id); // another card, in the same window
    const second = await capture(it.service, id);
    assert.equal(second.status, 200);
  });

  test('an order the buyer has not approved is not captured, and nothing is recorded as paid', async () => {
    const created = await createOrder(it.service, [stoic]);
    const { id } = (await created.json()) as { id: string };
    const response = await capture(it.service, id);
    assert.equal(response.status, 422);
    assert.equal(((await response.json()) as { outcome: string }).outcome, 'declined');
    assert.equal(it.service.store.findOrder(id)!.status, 'created');
    const unknown = await capture(it.service, '5O190127TN364715T');
    assert.equal(unknown.status, 404);
    assert.equal(((await unknown.json()) as { outcome: string }).outcome, 'unknown');
  });

  test('an order id alone neither captures an order nor reveals its links', async () => {
    const created = await createOrder(it.service, [stoic]);
    const { id } = (await created.json()) as { id: string };
    await approve(it.service, id, { webhook: false });
    const stranger = await capture(it.service, id, 'someone@else.example');
    assert.equal(stranger.status, 404);
    assert.equal(it.service.store.findOrder(id)!.status, 'created', 'nothing was captured');
    assert.equal((await capture(it.service, id)).status, 200);
    const after = await capture(it.service, id, 'someone@else.example');
    assert.equal(after.status, 404);
    assert.ok(!(await after.text()).includes('/download/'));
  });

  test('fresh links are never sent for an order that was created but not paid', async () => {
    const created = await createOrder(it.service, [stoic]);
    const { id } = (await created.json()) as { id: string };
    await approve(it.service, id, { webhook: false });
    const resend = await ask(it.service, '/api/orders/resend', {
      orderId: id,
      email: 'meera@example.com',
    });
    assert.equal(resend.status, 404, 'no paid order found: said plainly');
    await it.service.settled();
    assert.deepEqual(
      it.smtp.messages.filter((m) => m.subject?.includes(id) && m.to?.[0]?.address !== STUDIO),
      [],
    );
    assert.equal(it.service.store.findOrder(id)!.status, 'created');
  });

  test('captured at PayPal but the answer was lost: the webhook delivers, and the retry gets the links', async () => {
    const created = await createOrder(it.service, [earthy]);
    const { id } = (await created.json()) as { id: string };
    await approve(it.service, id, { webhook: true, approvedEvent: false });
    // The capture reaches PayPal; the service never hears back (a crash, a cut connection).
    await captureAtPayPal(it.service, id);
    await retried(() => it.service.store.findOrder(id)?.status === 'delivered');
    const retry = await capture(it.service, id);
    assert.equal(retry.status, 200);
    assert.equal(((await retry.json()) as Receipt).downloads.length, 1);
    await it.service.settled();
    assert.equal(toBuyer(it, id).length, 1);
  });

  test("captured at PayPal, no webhook: the browser's retry captures nothing twice and delivers", async () => {
    const created = await createOrder(it.service, [regal]);
    const { id } = (await created.json()) as { id: string };
    await approve(it.service, id, { webhook: false });
    await captureAtPayPal(it.service, id);
    const retry = await capture(it.service, id);
    assert.equal(retry.status, 200);
    assert.equal(
      (await atPayPal(it.service, id)).purchase_units![0]!.payments!.captures!.length,
      1,
    );
  });

  test('a pending capture answers 202, and the order is delivered when PayPal completes it', async () => {
    const { id, response } = await buy(it.service, [stoic], { capture: 'pending', webhook: true });
    assert.equal(response.status, 202);
    assert.equal(it.service.store.findOrder(id)!.status, 'created');
    await fetch(`${it.service.paypalBase}/fake/orders/${id}/complete`, { method: 'POST' });
    await retried(() => it.service.store.findOrder(id)?.status === 'delivered');
  });

  test('a pack twice, an address list or no shown total is refused before PayPal', async () => {
    const shownTotalCents = stoic.priceCents;
    for (const payload of [
      { items: [stoic.slug, stoic.slug], shownTotalCents, customer: body('x').customerDetails },
      {
        items: [stoic.slug],
        shownTotalCents,
        customer: { ...body('x').customerDetails, email: 'a@one.example,b@two.example' },
      },
      { items: [stoic.slug], customer: body('x').customerDetails },
    ]) {
      const response = await ask(it.service, '/api/orders', payload);
      assert.equal(response.status, 400, JSON.stringify(payload));
    }
  });

  test('a pack the shop does not sell is named as gone, and nothing is created at PayPal', async () => {
    const response = await ask(it.service, '/api/orders', {
      items: ['free-pack', stoic.slug],
      shownTotalCents: 100 + stoic.priceCents,
      customer: body('x').customerDetails,
    });
    assert.equal(response.status, 409);
    assert.deepEqual(await response.json(), {
      error: 'The prices of the shop are not the ones the page showed.',
      reason: 'prices-changed',
      packs: [stoic],
    });
  });

  test("a refund while the buyer's e-mail waits in the outbox: it stays refunded, nothing is sent", async () => {
    const own = await start(it.smtp.url, { mailRetryDelaysMs: [1500, 1500] });
    const service = own.service;
    try {
      it.smtp.failNextTo(CUSTOMER.email, 1);
      const { id, response } = await buy(service, [stoic]);
      assert.equal(response.status, 200);
      const [file] = ((await response.json()) as Receipt).downloads.map((d) => d.url);
      await retried(() =>
        own.logs.some((l) => l.msg === 'e-mail failed, will retry' && l.orderId === id),
      );
      assert.equal(service.store.findOrder(id)!.status, 'paid');
      assert.equal((await refund(service, id)).status, 201);
      await retried(() => service.store.findOrder(id)?.status === 'refunded');
      await new Promise((resolve) => setTimeout(resolve, 1600)); // past the outbox's retry
      await service.settled();
      assert.equal(service.store.findOrder(id)!.status, 'refunded');
      assert.deepEqual(toBuyer(it, id), [], 'the e-mail with the revoked links never left');
      assert.equal((await fetch(file!)).status, 410);
      const resend = await ask(service, '/api/orders/resend', {
        orderId: id,
        email: 'meera@example.com',
      });
      assert.equal(resend.status, 404);
      await service.settled();
      assert.deepEqual(toBuyer(it, id), [], 'no fresh links for a refunded order');
    } finally {
      await service.close();
      rmSync(own.dir, { recursive: true, force: true });
    }
  });

  test('a partial refund tells the studio once per event, however often PayPal sends it', async () => {
    const { id, response } = await buy(it.service, [stoic, earthy]);
    assert.equal(response.status, 200);
    await it.service.settled();
    const studio = () =>
      it.smtp.messages.filter((m) => m.subject === `Order ${id} partly refunded`).length;
    const partial = await refund(it.service, id, {
      value: '10.00',
      headers: { 'Fake-PayPal-Repeat': '3' },
    });
    assert.equal(partial.status, 201);
    await retried(() => studio() === 1);
    await retried(
      () => it.ctx.logs.filter((l) => l.msg === 'refund event' && l.orderId === id).length === 3,
    );
    await it.service.settled();
    assert.equal(studio(), 1);
    assert.equal(it.service.store.findOrder(id)!.status, 'delivered', 'its links still work');
  });
});

describe('one address per order', () => {
  const it = serviceFor();

  test("a list of addresses in an old order's custom_id mails one inbox: the PayPal account's", async () => {
    const orderId = await paidOrder(it.service, [stoic], {
      webhook: true,
      email: 'a@one.example,b@two.example,c@three.example',
    });
    await retried(() => it.service.store.findOrder(orderId)?.status === 'delivered');
    await it.service.settled();
    const sent = it.smtp.messages.filter((m) => m.subject?.includes(orderId));
    const recipients = sent.flatMap((m) => (m.to ?? []).map((to) => to.address));
    assert.deepEqual(recipients.sort(), [FAKE_PAYER.email_address, STUDIO].sort());
  });

  test('a claim naming an address list is refused before anything is asked', async () => {
    const orderId = await paidOrder(it.service, [stoic]);
    const payload = body(orderId, { purchasedItems: [stoic.name], totalAmount: '39.99' });
    payload.customerDetails = { ...payload.customerDetails, email: 'a@one.example,b@two.example' };
    assert.equal((await confirm(it.service, payload)).status, 400);
  });
});

describe('download links count copies, not requests', () => {
  const it = serviceFor();

  const fileOf = async () => {
    const { response } = await buy(it.service, [stoic]);
    const [file] = ((await response.json()) as Receipt).downloads.map((d) => d.url);
    const size = Number((await fetch(file!, { method: 'HEAD' })).headers.get('content-length'));
    return { file: file!, size };
  };

  test('short Range requests that leave out the last byte add up to the limit', async () => {
    const { file, size } = await fileOf();
    let received = 0;
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const response = await fetch(file, { headers: { Range: `bytes=0-${size - 2}` } });
      statuses.push(response.status);
      const bytes = (await response.arrayBuffer()).byteLength;
      if (response.status === 206) received += bytes;
    }
    const limit = it.ctx.config.downloadLimit;
    assert.equal(statuses.filter((status) => status === 206).length, limit);
    assert.ok(received <= limit * size, `${received} bytes, ${limit} copies are ${limit * size}`);
  });

  test('a reader cut short pays for what reached the socket, not for what was read ahead', async () => {
    const { file } = await fileOf();
    // A large pack, as the studio's are (tens of megabytes): larger than what the kernel's socket
    // buffers can hold on their own, so that a reader who leaves early is cut short.
    const size = 64 * 1024 * 1024;
    writeFileSync(path.join(it.ctx.config.packsDir, `${stoic.slug}.zip`), randomBytes(size));
    const id = file.split('/download/')[1]!.split('.')[0]!;
    const before = it.service.store.findLink(id)!.used;
    // A slow reader: takes 2 MB, then goes away.
    const url = new URL(file);
    const received = await new Promise<number>((resolve) => {
      const socket = connect(Number(url.port), url.hostname, () => {
        socket.write(`GET ${url.pathname} HTTP/1.1\r\nHost: ${url.host}\r\n\r\n`);
      });
      let bytes = 0;
      socket.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (bytes >= 2 * 1024 * 1024) {
          socket.pause();
          setTimeout(() => {
            socket.destroy();
            resolve(bytes);
          }, 300);
        }
      });
    });
    await retried(() => it.ctx.logs.some((line) => line.msg === 'download' && line.cut === true));
    const handed = it.ctx.logs.find((line) => line.msg === 'download' && line.cut)!.bytes as number;
    const charged = it.service.store.findLink(id)!.used - before;
    // Charged exactly what the socket took: nothing read ahead in the process. What the kernel's
    // socket buffers held when the reader left cannot be seen from Node: at most their largest
    // sizes (Linux's tcp_rmem and tcp_wmem, which grow on a loaded machine), and a stream's chunk.
    assert.equal(charged, Math.floor((handed * COPY) / size));
    const buffers = ['tcp_rmem', 'tcp_wmem']
      .map((name) => {
        const sizes = existsSync(`/proc/sys/net/ipv4/${name}`)
          ? readFileSync(`/proc/sys/net/ipv4/${name}`, 'utf8')
          : '0 0 8388608';
        return Number(sizes.trim().split(/\s+/)[2]);
      })
      .reduce((sum, max) => sum + max, 0);
    assert.ok(
      handed >= received && handed <= received + buffers + 1024 * 1024 && handed < size,
      `${handed} handed, ${received} received, ${buffers} in the kernel's buffers at most`,
    );
  });

  test('30 requests at once get the limit of copies, and the rest are refused', async () => {
    const { file, size } = await fileOf();
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        fetch(file).then(async (response) => ({
          status: response.status,
          bytes: (await response.arrayBuffer()).byteLength,
        })),
      ),
    );
    const limit = it.ctx.config.downloadLimit;
    assert.equal(answers.filter((answer) => answer.status === 200).length, limit);
    assert.ok(answers.filter((a) => a.status === 200).every((a) => a.bytes === size));
    const id = file.split('/download/')[1]!.split('.')[0]!;
    assert.equal(it.service.store.findLink(id)!.used, limit * COPY);
  });

  /** A GET of bytes `from`- of the file, left after `take` bytes of body: the bytes received. */
  const partly = (file: string, from: number, take: number) =>
    new Promise<number>((resolve, reject) => {
      const request = get(file, { headers: { Range: `bytes=${from}-` } }, (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => {
          if (bytes >= take) return;
          bytes += chunk.length;
          if (bytes >= take) {
            request.destroy();
            resolve(bytes);
          }
        });
        response.on('end', () => resolve(bytes));
      });
      request.on('error', (error) => (request.destroyed ? undefined : reject(error)));
    });

  test('a copy resumed in pieces costs one copy; transfers cut early cost at most what they sent', async () => {
    const size = 4 * 1024 * 1024;
    writeFileSync(path.join(it.ctx.config.packsDir, `${regal.slug}.zip`), randomBytes(size));
    const linkOf = async () => {
      const { response } = await buy(it.service, [regal]);
      return ((await response.json()) as Receipt).downloads[0]!.url;
    };
    const cuts = () => it.ctx.logs.filter((line) => line.msg === 'download' && line.cut).length;

    // One copy in seven pieces: each transfer cut, the next resumes where the bytes stopped.
    const resumed = await linkOf();
    let have = 0;
    for (let piece = 0; piece < 7; piece += 1) {
      const before = cuts();
      const take = piece === 6 ? size : Math.ceil(size / 7);
      have += await partly(resumed, have, take);
      if (have < size) await retried(() => cuts() > before);
    }
    assert.equal(have, size);
    await retried(() => it.ctx.logs.filter((l) => l.msg === 'download' && !l.cut).length > 0);
    const charged = copiesSent(it.service, resumed);
    console.log(`one copy resumed in 7 pieces cost ${charged.toFixed(3)} copies`);
    assert.ok(Math.abs(charged - 1) < 1e-6, `${charged} copies`);

    // Twenty transfers from the start, each left after 64 KB.
    const early = await linkOf();
    let received = 0;
    for (let n = 0; n < 20; n += 1) {
      const before = cuts();
      received += await partly(early, 0, 64 * 1024);
      await retried(() => cuts() > before);
    }
    const chargedBytes = copiesSent(it.service, early) * size;
    console.log(
      `20 transfers cut after 64 KB: ${received} bytes received, ${Math.round(chargedBytes)} charged`,
    );
    assert.ok(chargedBytes <= received, `${chargedBytes} charged for ${received} received`);

    // Whole downloads cost one copy each.
    const whole = await linkOf();
    for (let n = 0; n < 2; n += 1) {
      assert.equal((await (await fetch(`${whole}`)).arrayBuffer()).byteLength, size);
    }
    assert.equal(copiesSent(it.service, whole), 2);
  });
});

describe('limits', () => {
  test('forged webhooks are refused here, with no call to PayPal, also in a burst past the limit', async () => {
    await withService(null, { rateLimit: 5 }, async ({ service, logs }) => {
      const forge = (i: number) => forgedWebhook(service, i, 'PAYMENT.CAPTURE.COMPLETED');
      const statuses = [];
      for (let i = 0; i < 5; i += 1) statuses.push(await forge(i));
      // Past the limit, a burst: each checked at once against PayPal's certificate, kept.
      statuses.push(...(await Promise.all([5, 6, 7, 8, 9, 10, 11, 12].map(forge))));
      assert.deepEqual([...new Set(statuses)], [400]);
      assert.equal(logs.filter((line) => line.msg === 'webhook signature refused').length, 13);
    });
  });

  test('PayPal out of reach when the order is created: 502, and no use of the code is held', async () => {
    await withService(null, PAYPAL_OUT_OF_REACH, async ({ service }) => {
      addCode(service, 'HELD', { value: 10, usageLimit: 1 });
      const response = await createOrder(service, [stoic], { code: 'HELD' });
      assert.equal(response.status, 502);
      assert.equal(service.store.codeUses('HELD', Date.now()), 0);
    });
  });

  test('throughput: paid orders a second, created, approved, captured and e-mailed over SMTP', async (t) => {
    const smtp = await startSmtpCapture();
    const it = await start(smtp.url);
    const ORDERS = 120;
    try {
      const started = performance.now();
      const queue = Array.from({ length: ORDERS }, (_, index) => index);
      const ids: string[] = [];
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          for (let index = queue.shift(); index !== undefined; index = queue.shift()) {
            const { id, response } = await buy(it.service, [stoic], {
              email: `buyer${index}@example.com`,
            });
            assert.equal(response.status, 200);
            ids.push(id);
          }
        }),
      );
      const paid = (performance.now() - started) / 1000;
      await retried(() => smtp.messages.length === ORDERS * 2);
      const mailed = (performance.now() - started) / 1000;
      t.diagnostic(
        `${ORDERS} orders paid in ${paid.toFixed(1)} s (${(ORDERS / paid).toFixed(1)} paid orders/s, 8 buyers at a time); their ${ORDERS * 2} e-mails all accepted by the SMTP server after ${mailed.toFixed(1)} s (${((ORDERS * 2) / mailed).toFixed(1)} e-mails/s)`,
      );
      assert.ok(ids.every((id) => it.service.store.findOrder(id)!.status === 'delivered'));
    } finally {
      await it.service.close();
      await smtp.close();
      rmSync(it.dir, { recursive: true, force: true });
    }
  });
});
