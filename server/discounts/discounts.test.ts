// Discount codes: the studio's command, what the checkout is told a code does, and the delivery
// that checks PayPal's discount against the code before it sends anything.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { formatAmount } from '@/lib/shared/money';
import { REFUSAL } from '../routes/confirmation';
import { runCodes } from '../cli/codes';
import {
  addCode,
  approve,
  ask,
  atPayPal,
  body,
  buy,
  capture,
  confirm,
  createOrder,
  earthy,
  linksIn,
  paidOrder,
  priceOf,
  regal,
  retried,
  start,
  stoic,
  type Receipt,
  type Service,
  publishedShop,
  STUDIO,
} from '../testing/harness';
import { startSmtpCapture } from '../testing/smtp-capture';

const DAY = 24 * 60 * 60 * 1000;

describe('npm run codes', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'codes-'));
  const codes = (...args: string[]) => runCodes(args, { DATA_DIR: dir });
  // The copy of the site's catalogue that the service keeps beside its database.
  before(() =>
    writeFileSync(
      path.join(dir, 'catalog.json'),
      JSON.stringify({
        fetchedAt: Date.now(),
        etag: null,
        lastModified: null,
        catalog: publishedShop,
      }),
    ),
  );
  after(() => rmSync(dir, { recursive: true, force: true }));

  test('adds, lists and disables codes, in capitals', () => {
    assert.match(
      codes('add', 'launch20', '--percent', '20', '--until', '2099-01-31', '--limit', '100'),
      /Added LAUNCH20 +20 % off all packs; until 2099-01-31; 0 of 100 used/,
    );
    assert.match(
      codes(
        'add',
        'WEDDING10',
        '--amount',
        '10',
        '--min',
        '50',
        '--packs',
        'stoic-pack,regal-tones',
      ),
      /10.00 off stoic-pack, regal-tones, from 50.00; no end; 0 used/,
    );
    assert.match(codes('list'), /LAUNCH20[\s\S]*WEDDING10/);
    assert.match(codes('disable', 'wedding10'), /Disabled WEDDING10/);
    assert.match(codes('list'), /WEDDING10.*DISABLED/);
  });

  test('refuses what would not work, saying why', () => {
    for (const [args, message] of [
      [['add', 'FREE', '--percent', '100'], /--percent must be a whole number from 1 to 99/],
      [['add', 'BOTH', '--percent', '10', '--amount', '5'], /either --percent or --amount/],
      [['add', 'OLD', '--percent', '10', '--until', '2001-01-01'], /in the past/],
      [['add', 'X', '--percent', '10'], /2 to 32 letters/],
      [['add', 'PACK', '--amount', '5', '--packs', 'free-pack'], /names no pack: free-pack/],
      [['add', 'LAUNCH20', '--percent', '5'], /exists already/],
      [['disable', 'NOPE'], /no code NOPE/],
      [['add', 'FEB', '--percent', '10', '--until', '2099-02-31'], /must be a date/],
      [['add', 'HEX', '--percent', '0x10'], /--percent must be a whole number/],
      [['add', 'EXP', '--percent', '10', '--limit', '1e2'], /--limit must be a whole number/],
      [['add', 'SPACE', '--percent', ' 10'], /--percent must be a whole number/],
      [['add', 'HEXAMOUNT', '--amount', '0x10'], /--amount must be an amount/],
    ] as const) {
      assert.throws(() => codes(...args), message);
    }
  });
});

describe('discount codes at checkout and delivery', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let ctx: Awaited<ReturnType<typeof start>>;
  let service: Service;
  const now = Date.now();

  before(async () => {
    smtp = await startSmtpCapture();
    ctx = await start(smtp.url);
    service = ctx.service;
    const add = (code: string, rule: Parameters<typeof addCode>[2]) =>
      addCode(service, code, { createdAt: now, ...rule });
    add('LAUNCH20', {});
    add('GONE', { expiresAt: now - DAY });
    add('ONCE', { usageLimit: 1 });
    add('BIGORDER', { kind: 'fixed', value: 1000, minimumCents: 10000 });
    add('REGALONLY', { packs: [regal.slug] });
    add('OFF', {});
    service.store.disableCode('OFF');
  });
  after(async () => {
    await service.close();
    await smtp.close();
    rmSync(ctx.dir, { recursive: true, force: true });
  });

  const check = async (code: string, packs = [stoic, earthy]) => {
    const response = await ask(service, '/api/discounts/check', {
      code,
      items: packs.map((pack) => pack.slug),
    });
    return {
      status: response.status,
      ...((await response.json()) as {
        applies: boolean;
        reason?: string;
        code?: string;
        discountCents?: number;
      }),
    };
  };

  test('the checkout learns what a code does to its packs, or why it does not apply', async () => {
    assert.deepEqual(await check('launch20'), {
      status: 200,
      applies: true,
      code: 'LAUNCH20',
      discountCents: Math.round((stoic.priceCents + earthy.priceCents) * 0.2),
      itemTotalCents: stoic.priceCents + earthy.priceCents,
      totalCents:
        stoic.priceCents +
        earthy.priceCents -
        Math.round((stoic.priceCents + earthy.priceCents) * 0.2),
    });
    for (const [code, reason] of [
      ['NOSUCHCODE', 'unknown'],
      ['OFF', 'unknown'],
      ['GONE', 'expired'],
      ['BIGORDER', 'minimum'],
      ['REGALONLY', 'not-applicable'],
    ]) {
      const answer = await check(code!);
      assert.deepEqual(answer, { status: 200, applies: false, reason }, code);
    }
  });

  test('a paid order with a code is delivered with its discount, and the use counted once', async () => {
    const discount = Math.round((stoic.priceCents + earthy.priceCents) * 0.2);
    const paid = formatAmount(stoic.priceCents + earthy.priceCents - discount);
    const orderId = await paidOrder(service, [stoic, earthy], {
      webhook: true,
      discount: { code: 'ONCE', cents: discount },
    });
    const response = await confirm(service, body(orderId, { totalAmount: paid }));
    assert.equal(response.status, 200);
    const receipt = (await response.json()) as Receipt;
    assert.deepEqual(receipt.discount, { code: 'ONCE', cents: discount });
    await retried(() =>
      ctx.logs.some((line) => line.msg === 'webhook' && line.orderId === orderId),
    );
    await service.settled();
    const buyer = smtp.messages.find(
      (m) => m.subject?.includes(orderId) && m.to?.[0]?.address === 'meera@example.com',
    )!;
    assert.match(buyer.text!, new RegExp(`Discount \\(ONCE\\): −\\$${formatAmount(discount)} USD`));
    assert.match(buyer.text!, new RegExp(`Total: \\$${paid} USD`));
    assert.match(buyer.html!, /Discount \(ONCE\)/);
    assert.equal(service.store.codeUses('ONCE', Date.now() + 1), 1);

    // The code allowed one use: the next cart is told so, and an order made with it anyway
    // (skipping the checkout's question) is not delivered.
    assert.equal((await check('ONCE')).reason, 'used-up');
    const late = await paidOrder(service, [stoic, earthy], {
      discount: { code: 'ONCE', cents: discount },
    });
    assert.equal((await confirm(service, body(late, { totalAmount: paid }))).status, 422);
    assert.equal(service.store.findOrder(late), null);
  });

  describe("a paid order whose discount is not the code's is refused: no links, the studio alerted once", () => {
    const cases: [string, () => Promise<{ orderId: string; totalAmount: string }>][] = [
      [
        'a discount larger than the code gives (a lower capture)',
        async () => ({
          orderId: await paidOrder(service, [stoic], {
            discount: { code: 'LAUNCH20', cents: 2000 },
          }),
          totalAmount: formatAmount(stoic.priceCents - 2000),
        }),
      ],
      [
        'a discount without a code',
        async () => ({
          orderId: await paidOrder(service, [stoic], { discount: { code: '', cents: 800 } }),
          totalAmount: formatAmount(stoic.priceCents - 800),
        }),
      ],
      [
        'an unknown code',
        async () => ({
          orderId: await paidOrder(service, [stoic], { discount: { code: 'MADEUP', cents: 800 } }),
          totalAmount: formatAmount(stoic.priceCents - 800),
        }),
      ],
      [
        'an expired code',
        async () => ({
          orderId: await paidOrder(service, [stoic], {
            discount: { code: 'GONE', cents: Math.round(stoic.priceCents * 0.2) },
          }),
          totalAmount: formatAmount(stoic.priceCents - Math.round(stoic.priceCents * 0.2)),
        }),
      ],
      [
        'the browser claiming the undiscounted total',
        async () => ({
          orderId: await paidOrder(service, [stoic], {
            discount: { code: 'LAUNCH20', cents: Math.round(stoic.priceCents * 0.2) },
          }),
          totalAmount: priceOf(stoic),
        }),
      ],
    ];
    for (const [name, make] of cases) {
      // A browser that claims another total than PayPal holds is only refused: PayPal's order
      // itself is right, and its webhook delivers it.
      const alerted = !name.startsWith('the browser');
      test(name, async () => {
        const count = smtp.messages.length;
        const { orderId, totalAmount } = await make();
        const response = await confirm(
          service,
          body(orderId, { purchasedItems: [stoic.name], totalAmount }),
        );
        assert.equal(response.status, 422);
        assert.equal(((await response.json()) as { error: string }).error, REFUSAL);
        assert.equal(
          (await confirm(service, body(orderId, { purchasedItems: [stoic.name], totalAmount })))
            .status,
          422,
        );
        await service.settled();
        const sent = smtp.messages.slice(count);
        assert.deepEqual(
          sent.map((message) => message.to?.[0]?.address),
          alerted ? [STUDIO] : [],
          'only the studio hears of it, once',
        );
        if (alerted) {
          assert.match(sent[0]!.subject!, new RegExp(`Paid order ${orderId} needs you`));
          assert.deepEqual(linksIn(sent[0]!.text!), []);
        }
      });
    }
  });

  test('a 254-character address with a code: created, paid and delivered to that address', async () => {
    const email = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.com`;
    assert.equal(email.length, 254);
    const lenient = await startSmtpCapture({ lenientAddresses: true });
    const own = await start(lenient.url);
    try {
      addCode(own.service, 'LONGADDRESS');
      const { id, response } = await buy(own.service, [stoic], { email, code: 'LONGADDRESS' });
      assert.equal(response.status, 200);
      const receipt = (await response.json()) as Receipt;
      assert.equal(receipt.email, email);
      assert.deepEqual(receipt.discount, {
        code: 'LONGADDRESS',
        cents: Math.round(stoic.priceCents * 0.2),
      });
      await own.service.settled();
      const buyer = lenient.messages.find((m) => m.to?.[0]?.address === email)!;
      assert.match(buyer.subject!, new RegExp(id));
      assert.equal(linksIn(buyer.text!).length, 1);
      assert.equal(own.service.store.findOrder(id)!.status, 'delivered');
    } finally {
      await own.service.close();
      await lenient.close();
      rmSync(own.dir, { recursive: true, force: true });
    }
  });

  test('a code disabled while the buyer is in PayPal still honours that order', async () => {
    addCode(service, 'SHORTLIVED', { kind: 'fixed', value: 500, usageLimit: 1 });
    const created = await createOrder(service, [earthy], { code: 'SHORTLIVED' });
    assert.equal(created.status, 201);
    const { id } = (await created.json()) as { id: string };
    assert.equal((await check('SHORTLIVED')).applies, true, 'an unpaid order holds no use');
    service.store.disableCode('SHORTLIVED');
    await approve(service, id, { webhook: false });
    const response = await capture(service, id);
    assert.equal(response.status, 200);
    assert.deepEqual(((await response.json()) as Receipt).discount, {
      code: 'SHORTLIVED',
      cents: 500,
    });
    assert.equal(service.store.codes().find((code) => code.code === 'SHORTLIVED')!.uses, 1);
  });

  test('20 buyers approving at once for the last use of a code: one pays with it, 19 are charged nothing', async () => {
    addCode(service, 'LASTONE', { value: 50, usageLimit: 1 });
    const ids = await Promise.all(
      Array.from({ length: 20 }, async (_, index) => {
        const email = `racer${index}@example.com`;
        const created = await createOrder(service, [stoic], { code: 'LASTONE', email });
        assert.equal(created.status, 201, 'creating an order takes no use');
        const { id } = (await created.json()) as { id: string };
        await approve(service, id, { webhook: false });
        return { id, email };
      }),
    );
    const answers = await Promise.all(
      ids.map(async ({ id, email }) => {
        const response = await capture(service, id, email);
        return {
          id,
          status: response.status,
          body: (await response.json()) as { outcome?: string },
        };
      }),
    );
    assert.deepEqual(answers.map((answer) => answer.status).sort(), [
      200,
      ...Array<number>(19).fill(409),
    ]);
    for (const answer of answers.filter((each) => each.status === 409)) {
      assert.equal(answer.body.outcome, 'code-taken');
      assert.equal((await atPayPal(service, answer.id)).status, 'APPROVED', 'not captured');
    }
    assert.equal((await check('LASTONE')).reason, 'used-up');
  });

  test('unpaid orders never use a code up: the buyer who pays gets it', async () => {
    addCode(service, 'HOLD1', { value: 10, usageLimit: 1 });
    for (let n = 0; n < 3; n += 1) {
      assert.equal((await createOrder(service, [stoic], { code: 'HOLD1' })).status, 201);
    }
    assert.equal((await check('HOLD1')).applies, true);
    const paid = await buy(service, [stoic], { code: 'HOLD1' });
    assert.equal(paid.response.status, 200);
    assert.equal(service.store.codes().find((code) => code.code === 'HOLD1')!.uses, 1);
    assert.equal((await createOrder(service, [stoic], { code: 'HOLD1' })).status, 422);
  });

  test('an amount code larger than the cart is capped, leaving a cent to pay', async () => {
    addCode(service, 'HUNDRED', { kind: 'fixed', value: 10000 });
    assert.deepEqual(await check('HUNDRED', [stoic]), {
      status: 200,
      applies: true,
      code: 'HUNDRED',
      discountCents: stoic.priceCents - 1,
      itemTotalCents: stoic.priceCents,
      totalCents: 1,
    });
    const { response } = await buy(service, [stoic], { code: 'HUNDRED' });
    assert.equal(response.status, 200);
    assert.equal(((await response.json()) as { totalCents: number }).totalCents, 1);
  });

  test('guessing codes is limited per client', async () => {
    const limited = await start(null, { rateLimit: 9 });
    try {
      const statuses = [];
      for (let i = 0; i < 5; i += 1) {
        const response = await ask(limited.service, '/api/discounts/check', {
          code: `GUESS${i}`,
          items: [stoic.slug],
        });
        statuses.push(response.status);
      }
      assert.deepEqual(statuses, [200, 200, 200, 429, 429]);
    } finally {
      await limited.service.close();
      rmSync(limited.dir, { recursive: true, force: true });
    }
  });
});
