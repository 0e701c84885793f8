// A wedding booked through the service: the studio signs in and proposes three events from the
// couple's enquiry, the couple opens their link, asks for a change, both partners sign with an
// e-mailed code, the retainer and an instalment are paid through the fake PayPal (twice at once:
// one charged), an event moves (only its instalment), an e-Transfer is recorded, a restore from a
// backup taken before the retainer loses nothing; forged, withdrawn and expired links, and every
// studio endpoint without a session, are refused.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { booking as content } from '@/lib/content';
import { backup } from '../cli/backup';
import {
  approve,
  atPayPal,
  retried,
  serviceFor,
  staffAddress,
  lostAndRestored,
} from '../testing/harness';
import {
  ARJUN,
  couple,
  json,
  linkTo,
  PRIYA,
  payWithPayPal,
  ourProposal,
  sentBooking,
  signAll,
  signIn,
  viewOf,
} from '../testing/booking';
import { proposalToken } from './tokens';
import type { BookingView } from './view';
import { addDays } from '@/lib/booking/schedule';
import { quarterOf, taxReport } from '../tax/report';
import { sha256 } from './contract';

const STAFF = 'studio@example.com';

describe('a wedding booked on the site', () => {
  const it = serviceFor();

  test('every studio endpoint refuses without a session, and the sign-in tells no one who is staff', async () => {
    const { service, smtp } = it;
    for (const [path, body] of [
      ['/bookings', undefined],
      ['/bookings', ourProposal()],
      ['/bookings/B-AAAAAAAAAA', undefined],
      ['/bookings/B-AAAAAAAAAA/send', {}],
      ['/bookings/B-AAAAAAAAAA/move', { event: 'e1', date: '2027-10-01' }],
      ['/bookings/B-AAAAAAAAAA/payments', { instalment: 'e1', method: 'cash', payer: 'x' }],
      ['/bookings/B-AAAAAAAAAA/cancel', {}],
    ] as const) {
      const init =
        body === undefined
          ? { headers: { Cookie: 'studio_session=forged' } }
          : json(body, { Cookie: 'studio_session=forged' });
      const answer = await fetch(`${service.url}/api/studio${path}`, init);
      assert.equal(answer.status, 403, path);
    }
    const before = smtp.messages.length;
    const stranger = await fetch(
      `${service.url}/api/studio/sign-in`,
      json({ email: 'someone@example.com' }),
    );
    const staff = await fetch(`${service.url}/api/studio/sign-in`, json({ email: STAFF }));
    assert.equal(stranger.status, staff.status);
    assert.deepEqual(await stranger.json(), await staff.json());
    await retried(() => smtp.messages.length > before);
    assert.ok(smtp.messages.slice(before).every((m) => m.to?.[0]?.address === STAFF));
    // Another origin's page is refused, cookie or not.
    const other = await fetch(`${service.url}/api/studio/sign-in`, {
      ...json({ email: STAFF }),
      headers: { 'Content-Type': 'application/json', Origin: 'https://evil.example' },
    });
    assert.equal(other.status, 403);
  });

  test('a sign-in link works once, and a session ends at sign-out', async () => {
    const { service, smtp } = it;
    const email = staffAddress();
    const { studio, token } = await signIn(service, smtp, email);
    assert.deepEqual(await (await studio('/me')).json(), { email });
    const again = await fetch(`${service.url}/api/studio/session`, json({ token }));
    assert.equal(again.status, 403, 'used once');
    await studio('/sign-out', {});
    assert.deepEqual(await (await studio('/me')).json(), { email: null });
    assert.equal((await studio('/bookings')).status, 403);
  });

  test('proposed from the enquiry, signed by both, paid per event; an event moves alone', async () => {
    const { service, smtp } = it;
    const { studio } = await signIn(service, smtp);
    const made = await studio('/bookings', ourProposal());
    assert.equal(made.status, 200, await made.clone().text());
    const draft = (await made.json()) as BookingView & { id: string };
    // Offered from the enquiry's starting prices: photographs 1,200, both 2,400 and 2,400 (CAD).
    assert.deepEqual(
      draft.events.map((e) => e.priceCents),
      [120_000, 240_000, 240_000],
    );
    // GST 5 % in British Columbia, apart: 6,000 + 300 = 6,300.
    assert.deepEqual(draft.money, {
      subtotalCents: 600_000,
      taxCents: 30_000,
      totalCents: 630_000,
    });
    assert.equal(draft.instalments[0]!.id, 'retainer');
    assert.equal(
      draft.instalments.reduce((sum, i) => sum + i.cents, 0),
      630_000,
    );
    assert.equal(
      draft.instalments.reduce((sum, i) => sum + i.taxCents, 0),
      30_000,
    );
    assert.deepEqual(
      draft.instalments.slice(1).map((i) => [i.eventId, i.dueOn]),
      [
        ['e1', '2027-08-11'],
        ['e2', '2027-08-13'],
        ['e3', '2027-08-13'],
      ],
    );

    await studio(`/bookings/${draft.id}/send`, {});
    await linkTo(smtp, ARJUN.email, draft.id);
    const token = await linkTo(smtp, PRIYA.email, draft.id);

    // The couple asks for a change; the studio's new version says what changed.
    assert.equal(
      (await couple(service, '/change', { token, message: 'Can the reception start later?' }))
        .status,
      200,
    );
    // The studio's notice answers to the couple and opens the booking on the desk.
    await retried(() => smtp.messages.some((m) => m.subject === 'A couple asks for a change'));
    const asked = smtp.messages.find((m) => m.subject === 'A couple asks for a change')!;
    assert.deepEqual(
      asked.replyTo?.map((address) => address.address),
      ourProposal().signers.map((signer) => signer.email),
    );
    assert.ok(asked.text!.includes(`/studio/#booking=${draft.id}`));
    const input = ourProposal();
    input.events[2]!.venue = 'Hyatt Regency';
    await studio(`/bookings/${draft.id}`, input);
    let view = await viewOf(await couple(service, '/open', { token }));
    assert.deepEqual(view.changes, ['Reception: venue now “Hyatt Regency”']);
    assert.equal(view.status, 'sent');
    // The contract in full, filled in, its hash of its exact text.
    assert.match(
      view.toSign!.text,
      /Anand Karaj: Sunday, September 12, 2027, Gurdwara Dasmesh Darbar, Surrey/,
    );
    assert.match(view.toSign!.text, /Retainer, due on signing: CA\$1,000\.00/);
    assert.equal(view.toSign!.sha256, sha256(view.toSign!.text));

    // A wrong code and a name that is not the signer's are refused; nothing is signed.
    assert.equal((await couple(service, '/code', { token, signer: 0 })).status, 200);
    await retried(() => smtp.messages.some((m) => /Your code is/.test(m.text ?? '')));
    const wrong = await couple(service, '/sign', {
      token,
      signer: 0,
      name: PRIYA.name,
      code: '000000',
      consent: true,
      sha256: view.toSign!.sha256,
    });
    assert.equal(wrong.status, 403);

    view = await signAll(service, smtp, token);
    assert.equal(view.status, 'signed');
    // Signed by both: a code for nothing to sign is refused.
    assert.equal((await couple(service, '/code', { token, signer: 0 })).status, 409);
    assert.ok(view.signers.every((s) => s.signed));
    assert.equal(view.documents.length, 1);
    // The signed PDF went to both signers and the studio at once.
    await retried(
      () =>
        [PRIYA.email, ARJUN.email, 'hello@saanjhstudio.example'].every((to) =>
          smtp.messages.some(
            (m) =>
              m.to?.[0]?.address === to &&
              m.attachments.some((a) => a.mimeType === 'application/pdf'),
          ),
        ) ||
        smtp.messages.filter((m) => m.attachments.some((a) => a.mimeType === 'application/pdf'))
          .length >= 3,
    );
    const pdf = await couple(service, '/document', { token, id: view.documents[0]!.id });
    assert.equal(pdf.headers.get('content-type'), 'application/pdf');
    assert.equal(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
      '%PDF-',
    );

    // The retainer through PayPal; the receipt on the page.
    view = await payWithPayPal(service, token, 'Priya Sharma', 'retainer');
    assert.equal(view.instalments[0]!.paid?.payer, 'Priya Sharma');
    assert.equal(view.paidCents, 100_000);

    // Two people pay the mehndi's instalment from the forwarded link at once: one is charged, the
    // other told before PayPal is asked.
    const detail = (await (await studio(`/bookings/${draft.id}`)).json()) as BookingView;
    const payLink = detail.instalments.find((i) => i.id === 'e1')!.payToken!;
    const [first, second] = await Promise.all([
      couple(service, '/pay', { token: payLink, payer: 'Aunty Kamal', holder: 'holder-kamal-1' }),
      couple(service, '/pay', { token: payLink, payer: 'Uncle Ravi', holder: 'holder-ravi-22' }),
    ]);
    assert.deepEqual([first.status, second.status].sort(), [200, 409]);
    const winner = first.status === 200 ? first : second;
    const { id } = (await winner.json()) as { id: string };
    await approve(service, id, { webhook: false });
    view = await viewOf(await couple(service, '/capture', { token: payLink, orderId: id }));
    assert.ok(view.instalments.find((i) => i.id === 'e1')!.paid);
    // Paid: a third try is told so, before PayPal.
    const late = await couple(service, '/pay', {
      token: payLink,
      payer: 'Someone',
      holder: 'holder-late-333',
    });
    assert.equal(late.status, 409);

    // The reception moves: only its instalment's date moves; an addendum to sign.
    const dues = Object.fromEntries(view.instalments.map((i) => [i.id, [i.dueOn, i.cents]]));
    const moved = (await (
      await studio(`/bookings/${draft.id}/move`, { event: 'e3', date: '2027-10-02' })
    ).json()) as BookingView;
    const after = Object.fromEntries(moved.instalments.map((i) => [i.id, [i.dueOn, i.cents]]));
    assert.deepEqual(after.e3, ['2027-09-02', dues.e3![1]]);
    assert.deepEqual({ ...after, e3: null }, { ...dues, e3: null });
    view = await viewOf(await couple(service, '/open', { token }));
    assert.equal(view.toSign?.kind, 'addendum');
    assert.match(
      view.toSign!.text,
      /Reception moves from Sunday, September 12, 2027 to Saturday, October 2, 2027/,
    );
    view = await signAll(service, smtp, token);
    assert.equal(view.documents.length, 2, 'the contract kept beside its addendum');

    // An Interac e-Transfer recorded by the studio; recorded twice is refused.
    const recorded = await studio(`/bookings/${draft.id}/payments`, {
      instalment: 'e2',
      method: 'etransfer',
      payer: 'Priya Sharma',
    });
    assert.equal(recorded.status, 200);
    assert.equal(
      (
        await studio(`/bookings/${draft.id}/payments`, {
          instalment: 'e2',
          method: 'cash',
          payer: 'x',
        })
      ).status,
      409,
    );
    const seen = (await (await studio(`/bookings/${draft.id}`)).json()) as BookingView & {
      audit: { action: string; detail: string }[];
    };
    // The history in words and money: who paid what, and how; never cents or ids.
    const payments = seen.audit.filter((line) => line.action === 'payment');
    assert.match(
      payments.at(-1)!.detail,
      /^Balance for \S.* CA\$[\d,]+\.\d\d paid by Priya Sharma through Interac e-Transfer$/,
    );
    assert.match(payments[0]!.detail, /^Retainer CA\$1,000\.00 paid by .+ through PayPal$/);
    assert.deepEqual(
      seen.audit.filter((line) => /\b\d{5,}\b/.test(line.detail.replace(/CA\$[\d,.]+/g, ''))),
      [],
    );
    assert.deepEqual(
      seen.audit
        .map((line) => line.action)
        .filter((a) =>
          [
            'created',
            'sent',
            'viewed',
            'asked for a change',
            'revised',
            'signed the contract',
            'payment',
            'signed the addendum',
          ].includes(a),
        ),
      [
        'created',
        'sent',
        'asked for a change',
        'revised',
        'viewed',
        'signed the contract',
        'signed the contract',
        'payment',
        'payment',
        'revised',
        'signed the addendum',
        'signed the addendum',
        'payment',
      ],
    );
  });

  test('a cancellation refunds through PayPal what the terms give, never the retainer', async () => {
    const { service, smtp } = it;
    const { studio, draft, token } = await sentBooking(service, smtp);
    await signAll(service, smtp, token);
    await payWithPayPal(service, token, 'Priya Sharma', 'retainer');
    const paid = await payWithPayPal(service, token, 'Priya Sharma', 'e1');
    const e1 = paid.instalments.find((i) => i.id === 'e1')!;
    // Ten months before the first event: the terms refund everything beyond the retainer.
    const cancelled = (await (
      await studio(`/bookings/${draft.id}/cancel`, {})
    ).json()) as BookingView;
    assert.equal(cancelled.status, 'cancelled');
    assert.equal(cancelled.instalments.find((i) => i.id === 'e1')!.paid!.refundedCents, e1.cents);
    assert.equal(cancelled.instalments[0]!.paid!.refundedCents, 0);
    assert.equal(cancelled.paidCents, 100_000);
    // The quarter's report: two payments of wedding services at BC's GST, and the refund.
    const now = Date.now();
    const quarter = quarterOf(
      `${new Date(now).getUTCFullYear()}Q${Math.floor(new Date(now).getUTCMonth() / 3) + 1}`,
    )!;
    const mine = {
      payments: service.store.bookings
        .taxedPayments(quarter.from, quarter.to)
        .filter((p) => p.bookingId === draft.id),
      refunds: service.store.bookings
        .taxedRefunds(quarter.from, quarter.to)
        .filter((r) => r.bookingId === draft.id),
    };
    const [row] = taxReport([], quarter, [], mine).rows;
    assert.deepEqual(
      [
        row!.supply,
        row!.scheme,
        row!.region,
        row!.rate,
        row!.orders,
        row!.grossCents,
        row!.refundCents,
      ],
      ['wedding services', 'ca-gst-hst', 'BC', 5, 2, 100_000 + e1.cents, e1.cents],
    );
    assert.equal(row!.taxCents, paid.instalments[0]!.taxCents + e1.taxCents);
    // Cancelled twice refunds nothing more.
    const again = (await (await studio(`/bookings/${draft.id}/cancel`, {})).json()) as BookingView;
    assert.equal(again.paidCents, 100_000);
  });

  test('the tab closed after approving: PayPal’s webhook takes and records the payment once', async () => {
    const { service, smtp } = it;
    const { draft, token } = await sentBooking(service, smtp);
    await signAll(service, smtp, token);
    const created = await couple(service, '/pay', {
      token,
      instalment: 'retainer',
      payer: 'Priya Sharma',
      holder: 'holder-closed-tab',
    });
    const { id } = (await created.json()) as { id: string };
    const receipts = () => smtp.messages.filter((m) => /^Received:/.test(m.subject ?? '')).length;
    const dated = () =>
      smtp.messages.filter((m) => /^Received:/.test(m.subject ?? '')).map((m) => m.text ?? '');
    const before = receipts();
    await approve(service, id);
    await retried(() => service.store.bookings.payments(draft.id).length === 1);
    // The page comes back later: its capture finds it paid, and nothing is taken or sent twice.
    const view = await viewOf(await couple(service, '/capture', { token, orderId: id }));
    assert.equal(view.instalments[0]!.paid!.payer, 'Priya Sharma');
    await retried(() => receipts() >= before + 2);
    await service.settled();
    assert.equal(receipts(), before + 2, 'one receipt to each signer');
    // Its day in words no reader takes for another ("Sat, 10 Jul 2027", never an ISO date).
    assert.match(dated().at(-1)!, /received on [A-Z][a-z]{2}, \d{1,2} [A-Z][a-z]{2} \d{4}\./);
  });

  test('each instalment’s link goes once before it is due, a reminder once when late; the signature is recorded', async () => {
    const { service, smtp } = it;
    const today = new Date().toISOString().slice(0, 10);
    const input = ourProposal();
    // Due in 10 days (its link goes now), due 10 days ago (late: a reminder), due next year.
    input.events[0]!.date = addDays(today, 40);
    input.events[1]!.date = addDays(today, 20);
    input.events[2]!.date = addDays(today, 400);
    const { draft, token } = await sentBooking(service, smtp, input);
    await signAll(service, smtp, token);
    const about = () =>
      smtp.messages
        .filter((m) => (m.text ?? '').includes(`/pay/#${draft.id}.`))
        .map((m) => [m.to?.[0]?.address, m.subject]);
    assert.equal(service.bookings.sendDue(), 2);
    await retried(() => about().length === 4);
    assert.deepEqual(
      about().sort(),
      [
        [ARJUN.email, 'Anand Karaj: your payment is late'],
        [
          ARJUN.email,
          `Mehndi: your payment is due ${new Intl.DateTimeFormat('en', { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(`${addDays(today, 10)}T00:00:00Z`))}`,
        ],
        [PRIYA.email, 'Anand Karaj: your payment is late'],
        [
          PRIYA.email,
          `Mehndi: your payment is due ${new Intl.DateTimeFormat('en', { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(`${addDays(today, 10)}T00:00:00Z`))}`,
        ],
      ].sort(),
    );
    // Asked again (the next hour, a restart): nothing more.
    assert.equal(service.bookings.sendDue(), 0);
    // The signature's record: the exact text's hash, who, from where, the consent in content's words.
    const [contract] = service.store.bookings.documents(draft.id);
    assert.equal(contract!.sha256, sha256(contract!.text));
    const signatures = service.store.bookings.signatures(contract!.id);
    assert.deepEqual(
      signatures.map((s) => [s.signer, s.name, s.email, s.ip]),
      // The name as each typed it (signAll types it in capitals: it matches in any case).
      [
        [0, PRIYA.name.toUpperCase(), PRIYA.email, '127.0.0.1'],
        [1, ARJUN.name.toUpperCase(), ARJUN.email, '127.0.0.1'],
      ],
    );
    assert.ok(
      signatures.every((s) => s.consent === content!.words.consent && s.userAgent.length > 0),
    );
  });

  test('codes are e-mailed a few an hour: no run of new codes finds one by trying', async () => {
    const { service, smtp } = it;
    const { token } = await sentBooking(service, smtp);
    for (let n = 0; n < 5; n += 1) {
      assert.equal((await couple(service, '/code', { token, signer: 1 })).status, 200);
    }
    const sixth = await couple(service, '/code', { token, signer: 1 });
    assert.equal(sixth.status, 429);
    // The other partner's codes are theirs.
    assert.equal((await couple(service, '/code', { token, signer: 0 })).status, 200);
  });

  test('a link a year past the last event has expired', async () => {
    const { service, smtp } = it;
    const input = ourProposal();
    for (const event of input.events) event.date = '2024-06-01';
    const { token } = await sentBooking(service, smtp, input);
    const expired = await couple(service, '/open', { token });
    assert.equal(expired.status, 410);
    assert.match(((await expired.json()) as { error: string }).error, /expired/);
  });

  test('forged and withdrawn links open nothing', async () => {
    const { service, smtp } = it;
    const { studio, draft, token } = await sentBooking(service, smtp);
    assert.equal((await couple(service, '/open', { token })).status, 200);
    const forged = proposalToken('not-our-secret', draft.id, 1);
    assert.equal((await couple(service, '/open', { token: forged })).status, 404);
    assert.equal((await couple(service, '/open', { token: `${token.slice(0, -1)}x` })).status, 404);
    await studio(`/bookings/${draft.id}/withdraw`, {});
    const withdrawn = await couple(service, '/open', { token });
    assert.equal(withdrawn.status, 410);
    // A draft never sent opens nothing either.
    const unsent = (await (await studio('/bookings', ourProposal())).json()) as BookingView;
    const secret = it.ctx.config.downloadSecret;
    assert.equal(
      (await couple(service, '/open', { token: proposalToken(secret, unsent.id, 1) })).status,
      404,
    );
  });
});

test('a restore from a backup taken after signing and before the retainer loses nothing', async () => {
  const { smtp, first, file, restore, end } = await lostAndRestored();
  try {
    const since = new Date(Date.now() - 60_000);
    const { token } = await sentBooking(first.service, smtp);
    await signAll(first.service, smtp, token);
    await backup(first.config.databasePath, file);
    const paid = await payWithPayPal(first.service, token, 'Priya Sharma', 'retainer');
    assert.ok(paid.instalments[0]!.paid);
    const receipts = () => smtp.messages.filter((m) => /^Received:/.test(m.subject ?? '')).length;
    await retried(() => receipts() === 2);
    await first.service.close();

    const restored = await restore();
    let view = await viewOf(await couple(restored.service, '/open', { token }));
    assert.equal(view.status, 'signed', 'the signatures were in the backup');
    assert.equal(view.instalments[0]!.paid, null, 'the backup predates the retainer');
    const reconciled = await restored.service.reconcile(since);
    assert.equal(reconciled.bookings, 1);
    view = await viewOf(await couple(restored.service, '/open', { token }));
    assert.equal(view.instalments[0]!.paid!.method, 'paypal');
    assert.equal(view.paidCents, 100_000);
    assert.equal(
      (await restored.service.reconcile(since)).bookings,
      1,
      'seen again, recorded once',
    );
    assert.equal(view.paidCents, 100_000);
    // The couple had their receipts when they paid: none again; the studio hears of it once.
    await retried(() => smtp.messages.some((m) => /^Restored from PayPal/.test(m.subject ?? '')));
    await restored.service.settled();
    assert.equal(receipts(), 2);
  } finally {
    await end();
  }
});

test('PayPal’s word of an instalment the restored database never saw records it by its seal, alerting no one', async () => {
  const { smtp, first, file, restore, end } = await lostAndRestored({ webhooks: true });
  try {
    const { draft, token } = await sentBooking(first.service, smtp);
    await signAll(first.service, smtp, token);
    await backup(first.config.databasePath, file);
    // The retainer's order is asked for; then the disk is lost, with the order's record.
    const created = await couple(first.service, '/pay', {
      token,
      instalment: 'retainer',
      payer: 'Priya Sharma',
      holder: 'holder-lost-disk',
    });
    const { id } = (await created.json()) as { id: string };
    await first.service.close();
    const restored = await restore();
    assert.equal(restored.service.store.bookings.findAttempt(id), null);
    // Approved in PayPal's window, the tab closed: PayPal's events reach the restored service.
    await approve(restored.service, id);
    await retried(() => restored.service.store.bookings.payments(draft.id).length === 1);
    await restored.service.settled();
    const view = await viewOf(await couple(restored.service, '/open', { token }));
    assert.equal(view.instalments[0]!.paid!.method, 'paypal');
    assert.equal(view.paidCents, 100_000);
    // Taken once, and the shop's "paid order not deliverable" alert never sent.
    const order = await atPayPal(restored.service, id);
    assert.equal(order.purchase_units![0]!.payments!.captures!.length, 1);
    assert.ok(
      !smtp.messages.some((m) =>
        /not deliverable|could not be delivered/i.test(`${m.subject} ${m.text}`),
      ),
    );
  } finally {
    await end();
  }
});

test('the contract published is the content’s, version named', () => {
  assert.ok(content);
  assert.match(content.contract.version, /^\d{4}-\d{2}$/);
});
