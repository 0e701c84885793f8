// A wedding's money exact whatever happens around it: a cancellation's refunds asked of PayPal
// once each (two clicks at once, a failure half-way and a retry, a partial tier over several
// payments), PayPal's own refunds and reversals counted, no payment kept on a cancelled or
// withdrawn booking, a second payer after a lapsed hold, a restore across a cancellation and a
// booking the restored database lacks, a zero retainer and yen in whole units.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { formatMoney, parseAmount } from '@/lib/shared/money';
import { backup } from '../cli/backup';
import type { PayPalRefund } from '../paypal/orders';
import {
  approve,
  atPayPal,
  captureAtPayPal,
  captureOf,
  lostAndRestored,
  paypalToken,
  retried,
  retried as waitFor,
  serviceFor,
  testClock,
  type Service,
  type Smtp,
} from '../testing/harness';
import {
  couple,
  ourProposal,
  payOrder,
  payWithPayPal,
  sentBooking,
  signAll,
  signIn,
  viewOf,
} from '../testing/booking';
import type { BookingView } from './view';

/** The refunds PayPal made of an order's capture, as its own records hold them. */
async function refundsAtPayPal(service: Service, orderId: string) {
  const capture = await captureOf(service, orderId);
  const answer = await fetch(`${service.paypalBase}/fake/captures/${capture}/refunds`);
  return ((await answer.json()) as PayPalRefund[]).map((refund) =>
    parseAmount(refund.amount!.value)!,
  );
}

/** The studio's e-mails about a booking whose subject matches. */
const studioMails = (smtp: Smtp, subject: RegExp, id: string) =>
  smtp.messages.filter((m) => subject.test(m.subject ?? '') && (m.text ?? '').includes(id));

/** A signed booking with the retainer and every event's balance paid through PayPal (order ids). */
async function paidInFull(service: Service, smtp: Smtp, input = ourProposal()) {
  const sent = await sentBooking(service, smtp, input);
  const signed = await signAll(service, smtp, sent.token);
  const orders: Record<string, string> = {};
  for (const instalment of signed.instalments) {
    const id = await payOrder(service, sent.token, 'Priya Sharma', instalment.id);
    await approve(service, id, { webhook: false });
    await viewOf(await couple(service, '/capture', { token: sent.token, orderId: id }));
    orders[instalment.id] = id;
  }
  const view = await viewOf(await couple(service, '/open', { token: sent.token }));
  assert.ok(view.instalments.every((each) => each.paid));
  return { ...sent, orders, view };
}

/** How many approvals the booking refused to capture (its audit's lines). */
const refusedIn = (service: Service, id: string) =>
  service.store.bookings.audit(id).filter((line) => line.action === 'payment refused').length;

const beyondRetainer = (view: BookingView) =>
  view.instalments.filter((each) => each.kind === 'balance');

describe('a wedding’s money', () => {
  const clock = testClock();
  const it = serviceFor({ now: clock });

  test('two cancels at once: one refund per payment at PayPal, each recorded once', async (t) => {
    const { service, smtp } = it;
    const { studio, draft, orders, view } = await paidInFull(service, smtp);
    const answers = await Promise.all(
      [1, 2, 3].map(() => studio(`/bookings/${draft.id}/cancel`, {})),
    );
    assert.deepEqual(
      answers.map((answer) => answer.status),
      [200, 200, 200],
    );
    // More than 180 days before the first event: everything beyond the retainer comes back.
    for (const balance of beyondRetainer(view)) {
      assert.deepEqual(await refundsAtPayPal(service, orders[balance.id]!), [balance.cents]);
    }
    assert.deepEqual(await refundsAtPayPal(service, orders.retainer!), []);
    const cancelled = await viewOf(await studio(`/bookings/${draft.id}`));
    assert.equal(cancelled.status, 'cancelled');
    assert.equal(cancelled.paidCents, view.instalments[0]!.cents);
    const refunds = service.store.bookings
      .taxedRefunds(0, Date.now() + 1e12)
      .filter((r) => r.bookingId === draft.id);
    assert.equal(refunds.length, 3);
    t.diagnostic(
      `PayPal refunded ${beyondRetainer(view)
        .map((b) => b.cents)
        .join(' + ')}; recorded ${refunds.map((r) => r.cents).join(' + ')}`,
    );
  });

  test('a partial tier over several payments, PayPal failing half-way, then a retry: exactly the terms', async (t) => {
    const { service, smtp } = it;
    const { draft, token, orders, view } = await paidInFull(service, smtp);
    const before = smtp.messages.length;
    // 100 days before the first event (10 September 2027): the terms give back half.
    clock.advance(Date.parse('2027-06-02T12:00:00Z') - clock());
    const { studio } = await signIn(service, smtp);
    const balances = beyondRetainer(view);
    const paid = balances.reduce((sum, each) => sum + each.cents, 0);
    const owed = Math.floor(paid / 2);
    // The first refund is made at PayPal but its answer is lost; the service stops there.
    await fetch(`${service.paypalBase}/fake/refunds/fail`, {
      method: 'POST',
      body: JSON.stringify({ when: 'after' }),
    });
    const first = await studio(`/bookings/${draft.id}/cancel`, {});
    assert.equal(first.status, 503);
    assert.match(((await first.json()) as { error: string }).error, /Cancel again/);
    // Nothing can be paid on it meanwhile; the couple see it cancelled, the studio unfinished.
    assert.equal((await viewOf(await couple(service, '/open', { token }))).status, 'cancelled');
    assert.equal((await viewOf(await studio(`/bookings/${draft.id}`))).status, 'cancelling');
    // The retry: the lost answer is PayPal's first refund again, the rest is what is left.
    const retried = await viewOf(await studio(`/bookings/${draft.id}/cancel`, {}));
    assert.equal(retried.status, 'cancelled');
    const atPayPal: number[] = [];
    for (const balance of balances) {
      atPayPal.push(...(await refundsAtPayPal(service, orders[balance.id]!)));
    }
    assert.equal(
      atPayPal.reduce((sum, cents) => sum + cents!, 0),
      owed,
    );
    // The last payment first: its refund once, though asked twice.
    const last = [...balances].reverse()[0]!;
    assert.deepEqual(await refundsAtPayPal(service, orders[last.id]!), [
      Math.min(owed, last.cents),
    ]);
    assert.equal(retried.paidCents, view.paidCents - owed);
    // The studio's history says it in money: what the terms give back, each refund of what.
    const history = service.store.bookings.audit(draft.id);
    assert.deepEqual(
      history.filter((line) => line.action === 'cancelling').map((line) => line.detail),
      [`The terms give back ${formatMoney(owed, 'CAD')}`],
    );
    // Each partner is told what comes back, of which payment; the studio too; once each, though
    // the studio cancelled twice (and once more below).
    const toldCouple = () =>
      smtp.messages
        .slice(before)
        .filter((m) => /: your booking is cancelled$/.test(m.subject ?? ''));
    await waitFor(
      () =>
        toldCouple().length === 2 &&
        studioMails(smtp, /A booking is cancelled/, draft.id).length === 1,
    );
    for (const message of toldCouple()) {
      assert.ok(message.text!.includes(`Its contract gives back ${formatMoney(owed, 'CAD')}`));
      assert.match(message.text!, /Balance for .+: CA\$[\d,]+\.\d\d given back through PayPal\./);
    }
    assert.deepEqual(
      toldCouple()
        .map((m) => m.to?.[0]?.address)
        .sort(),
      ourProposal()
        .signers.map((signer) => signer.email)
        .sort(),
    );
    for (const line of history.filter((each) => each.action === 'refund'))
      assert.match(
        line.detail,
        /^CA\$[\d,]+\.\d\d of Balance for .+ given back under the cancellation terms$/,
      );
    t.diagnostic(
      `paid beyond the retainer ${paid}, the terms give back ${owed}; PayPal refunded ${atPayPal.join(' + ')}; the booking keeps ${retried.paidCents} of ${view.paidCents}`,
    );
    // Asked again: nothing more.
    await viewOf(await studio(`/bookings/${draft.id}/cancel`, {}));
    const after: number[] = [];
    for (const balance of balances) {
      after.push(...(await refundsAtPayPal(service, orders[balance.id]!)));
    }
    assert.deepEqual(after, atPayPal);
    await service.settled();
    assert.equal(toldCouple().length, 2, 'the couple told once');
    assert.equal(studioMails(smtp, /A booking is cancelled/, draft.id).length, 1);
    clock.reset();
  });

  test('PayPal’s own refunds and reversals reach the booking, its page and the report, once', async () => {
    const { service, smtp } = it;
    const { draft, token, orders, view } = await paidInFull(service, smtp);
    // The studio refunds the Mehndi's balance in its PayPal account; PayPal sends its event 3 times.
    const e1 = view.instalments.find((each) => each.id === 'e1')!;
    const refund = await fetch(
      `${service.paypalBase}/v2/payments/captures/${await captureOf(service, orders.e1!)}/refund`,
      {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'Fake-PayPal-Repeat': '3',
          ...(await paypalToken(service)),
        },
        body: JSON.stringify({ amount: { currency_code: 'CAD', value: '100.00' } }),
      },
    );
    assert.equal(refund.status, 201);
    // A chargeback on the reception's balance.
    const e3 = view.instalments.find((each) => each.id === 'e3')!;
    await fetch(
      `${service.paypalBase}/fake/captures/${await captureOf(service, orders.e3!)}/reverse`,
      { method: 'POST' },
    );
    await retried(async () => {
      const seen = await viewOf(await couple(service, '/open', { token }));
      return seen.paidCents === view.paidCents - 10_000 - e3.cents;
    });
    await service.settled();
    const seen = await viewOf(await couple(service, '/open', { token }));
    assert.equal(seen.instalments.find((each) => each.id === 'e1')!.paid!.refundedCents, 10_000);
    assert.equal(seen.instalments.find((each) => each.id === 'e3')!.paid!.refundedCents, e3.cents);
    const refunds = service.store.bookings
      .taxedRefunds(0, Date.now() + 1e12)
      .filter((r) => r.bookingId === draft.id);
    assert.deepEqual(refunds.map((r) => [r.instalment, r.cents, r.reason]).sort(), [
      ['e1', 10_000, 'paypal'],
      ['e3', e3.cents, 'reversal'],
    ]);
    assert.equal(refunds[0]!.taxCents, Math.round((e1.taxCents * 10_000) / e1.cents));
    await retried(() => studioMails(smtp, /refunded in PayPal/, draft.id).length === 1);
    assert.equal(studioMails(smtp, /reversed/, draft.id).length, 1);
  });

  test('no payment is kept on a cancelled or withdrawn booking: refused before capture, or given back', async () => {
    const { service, smtp } = it;
    const { studio, draft, token } = await sentBooking(service, smtp);
    await signAll(service, smtp, token);
    await payWithPayPal(service, token, 'Priya Sharma', 'retainer');
    // Three windows open before the studio cancels: one approved with the tab open, one
    // approved later with the tab closed (PayPal's event), one captured at PayPal already.
    const open = await payOrder(service, token, 'Priya Sharma', 'e1', 'holder-open-tab');
    await approve(service, open, { webhook: false });
    const closedTab = await payOrder(service, token, 'Arjun Mehta', 'e2', 'holder-closed-tab');
    const taken = await payOrder(service, token, 'Nani', 'e3', 'holder-answer-lost');
    await approve(service, taken, { webhook: false });
    await captureAtPayPal(service, taken);

    assert.equal((await studio(`/bookings/${draft.id}/cancel`, {})).status, 200);
    const refused = await couple(service, '/capture', { token, orderId: open });
    assert.equal(refused.status, 409);
    assert.match(
      ((await refused.json()) as { error: string }).error,
      /cancelled: nothing was taken/,
    );
    assert.equal((await atPayPal(service, open)).status, 'APPROVED');
    await approve(service, closedTab);
    await retried(() => refusedIn(service, draft.id) === 1);
    assert.equal((await atPayPal(service, closedTab)).status, 'APPROVED', 'never captured');
    // PayPal had taken the third: given back in full, the studio told once however often asked.
    for (let n = 0; n < 2; n += 1) {
      assert.equal((await couple(service, '/capture', { token, orderId: taken })).status, 200);
    }
    const e3 = (await atPayPal(service, taken)).purchase_units![0]!.amount.value;
    assert.deepEqual(await refundsAtPayPal(service, taken), [parseAmount(e3)]);
    const view = await viewOf(await couple(service, '/open', { token }));
    assert.deepEqual(
      view.instalments.filter((each) => each.paid).map((each) => each.id),
      ['retainer'],
    );
    await retried(() => studioMails(smtp, /after the booking was cancelled/, draft.id).length > 0);
    await service.settled();
    assert.equal(studioMails(smtp, /after the booking was cancelled/, draft.id).length, 1);
  });

  test('withdrawn links: an approval PayPal reports later is not captured', async () => {
    const { service, smtp } = it;
    const { studio, draft, token } = await sentBooking(service, smtp);
    await signAll(service, smtp, token);
    const id = await payOrder(service, token, 'Priya Sharma', 'retainer');
    await studio(`/bookings/${draft.id}/withdraw`, {});
    await approve(service, id);
    await retried(() => refusedIn(service, draft.id) === 1);
    assert.equal((await atPayPal(service, id)).status, 'APPROVED');
    assert.deepEqual(service.store.bookings.payments(draft.id), []);
  });

  test('a second payer after a lapsed hold can pay; two approved orders are never both kept', async () => {
    const { service, smtp } = it;
    const { draft, token } = await sentBooking(service, smtp);
    await signAll(service, smtp, token);
    const priya = await payOrder(service, token, 'Priya Sharma', 'retainer', 'holder-priya-01');
    const busy = await couple(service, '/pay', {
      token,
      payer: 'Arjun Mehta',
      holder: 'holder-arjun-01',
      instalment: 'retainer',
    });
    assert.equal(busy.status, 409, 'held while Priya pays');
    // Each hold lapses unused (the window left open): the next payer's order is PayPal's anew.
    clock.advance(16 * 60 * 1000);
    const arjun = await payOrder(service, token, 'Arjun Mehta', 'retainer', 'holder-arjun-01');
    clock.advance(16 * 60 * 1000);
    const mum = await payOrder(service, token, 'Mum', 'retainer', 'holder-mum-0001');
    assert.notEqual(arjun, priya);
    // All three approve; Arjun's page captures first, Mum's PayPal took hers too (the race).
    for (const each of [priya, arjun, mum]) await approve(service, each, { webhook: false });
    await captureAtPayPal(service, mum);
    await viewOf(await couple(service, '/capture', { token, orderId: arjun }));
    const late = await couple(service, '/capture', { token, orderId: priya });
    assert.equal(late.status, 409);
    assert.equal((await atPayPal(service, priya)).status, 'APPROVED', 'nothing taken');
    await viewOf(await couple(service, '/capture', { token, orderId: mum }));
    const mine = (await atPayPal(service, mum)).purchase_units![0]!.amount.value;
    assert.deepEqual(await refundsAtPayPal(service, mum), [parseAmount(mine)]);
    const payments = service.store.bookings.payments(draft.id);
    assert.deepEqual(
      payments.map((p) => [p.instalment, p.paypalOrderId]),
      [['retainer', arjun]],
    );
    await retried(() => studioMails(smtp, /was paid twice/, draft.id).length === 1);
    clock.reset();
  });

  test('a retainer of nothing is no instalment; yen are split in whole yen or refused', async () => {
    const { service, smtp } = it;
    const { token } = await sentBooking(service, smtp, { ...ourProposal(), retainerCents: 0 });
    const signed = await signAll(service, smtp, token);
    assert.ok(signed.instalments.every((each) => each.kind === 'balance' && each.cents > 0));
    assert.equal(signed.next!.id, signed.instalments[0]!.id);
    const retainer = await couple(service, '/pay', {
      token,
      payer: 'Priya Sharma',
      holder: 'holder-nothing-1',
      instalment: 'retainer',
    });
    assert.equal(retainer.status, 404);

    const { studio } = await signIn(service, smtp);
    const yen = { ...ourProposal(), currency: 'JPY' };
    yen.events = yen.events.map((event, index) => ({
      ...event,
      priceCents: 33_333_300 + index * 100,
    }));
    const fractions = await studio('/bookings', { ...yen, retainerCents: 1_000_050 });
    assert.equal(fractions.status, 400);
    assert.match(await fractions.text(), /must be whole JPY: the currency has no cents/);
    const sent = await sentBooking(service, smtp, { ...yen, retainerCents: 10_000_000 });
    const whole = await signAll(service, smtp, sent.token);
    for (const each of whole.instalments) {
      assert.equal(each.cents % 100, 0, `${each.id}: whole yen`);
      assert.equal(each.taxCents % 100, 0, `${each.id}: tax in whole yen`);
    }
    assert.equal(
      whole.instalments.reduce((sum, each) => sum + each.cents, 0),
      whole.money.totalCents,
    );
    for (const each of whole.instalments) {
      await payWithPayPal(service, sent.token, 'Priya Sharma', each.id);
    }
    const paid = await viewOf(await couple(service, '/open', { token: sent.token }));
    assert.equal(paid.paidCents, whole.money.totalCents);
  });
});

test('a restore across a cancellation: PayPal’s refunds replayed, the studio asked to confirm; a lost booking named', async () => {
  const { smtp, first, file, restore, end } = await lostAndRestored();
  try {
    const since = new Date(Date.now() - 60_000);
    const { draft, token, orders, view } = await paidInFull(first.service, smtp);
    await backup(first.config.databasePath, file);
    // After the backup: the studio cancels (everything beyond the retainer back), and a second
    // couple books and pays their retainer.
    const { studio } = await signIn(first.service, smtp);
    await viewOf(await studio(`/bookings/${draft.id}/cancel`, {}));
    const later = await sentBooking(first.service, smtp);
    await signAll(first.service, smtp, later.token);
    await payWithPayPal(first.service, later.token, 'Priya Sharma', 'retainer');
    await first.service.close();

    const restored = await restore();
    let seen = await viewOf(await couple(restored.service, '/open', { token }));
    assert.equal(seen.status, 'signed', 'the backup predates the cancellation');
    assert.equal(seen.paidCents, view.paidCents);
    const reconciled = await restored.service.reconcile(since);
    assert.equal(reconciled.bookingRefunds, 3);
    seen = await viewOf(await couple(restored.service, '/open', { token }));
    assert.equal(seen.paidCents, view.instalments[0]!.cents, 'the refunds PayPal made');
    await restored.service.settled();
    await retried(() => studioMails(smtp, /Confirm a booking/, draft.id).length === 1);
    await retried(
      () => studioMails(smtp, /missing from the database/, later.draft.id).length === 1,
    );
    // Seen again: nothing twice.
    assert.equal((await restored.service.reconcile(since)).bookingRefunds, 0);
    await restored.service.settled();
    assert.equal(studioMails(smtp, /Confirm a booking/, draft.id).length, 1);
    assert.equal(studioMails(smtp, /missing from the database/, later.draft.id).length, 1);
    // The studio confirms: cancelled, and PayPal gives back nothing more.
    const again = await signIn(restored.service, smtp);
    const confirmed = await viewOf(await again.studio(`/bookings/${draft.id}/cancel`, {}));
    assert.equal(confirmed.status, 'cancelled');
    for (const balance of beyondRetainer(view)) {
      assert.equal((await refundsAtPayPal(restored.service, orders[balance.id]!)).length, 1);
    }
  } finally {
    await end();
  }
});
