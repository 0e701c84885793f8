// Buyers' reviews through the service: the links of the order e-mail, one review per buyer and
// pack (changed while pending, through any of their orders' links), refusals that say what happened, the files the editor reads, the
// one reminder, and the GitHub backend against a stub checked by GitHub's REST description.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { reviewSchema } from '@/lib/content/review-schema';
import { githubPublisher, PublishConflict, REVIEWS_FOLDER } from './publisher';
import { startFakeGitHub } from '../testing/github';
import {
  ask,
  buy,
  catalogWith,
  CUSTOMER,
  earthy,
  refund,
  regal,
  retried,
  serviceFor,
  start,
  stoic,
  STUDIO,
  type Service,
  type Smtp,
  testClock,
} from '../testing/harness';
import { startSmtpCapture } from '../testing/smtp-capture';
import { signReviewToken, signToken, verifyReviewToken } from '../downloads/tokens';

const SECRET = 'review-test-secret';
const DAY = 24 * 60 * 60 * 1000;

test('a review token names its order and pack, expires, and is no download token', () => {
  const now = Date.now();
  const token = signReviewToken(
    SECRET,
    { orderId: '5O190127TN364715T', pack: 'stoic-pack' },
    now + DAY,
  );
  assert.deepEqual(verifyReviewToken(SECRET, token, now), {
    valid: true,
    subject: { orderId: '5O190127TN364715T', pack: 'stoic-pack' },
    expiresAt: now + DAY,
  });
  assert.deepEqual(verifyReviewToken(SECRET, token, now + DAY), {
    valid: false,
    reason: 'expired',
  });
  assert.equal(verifyReviewToken('another secret', token, now).valid, false);
  // Another pack in the same signature, or a later expiry: refused.
  const [expiry, , signature] = token.split('.');
  const other = Buffer.from('5O190127TN364715T/regal-tones').toString('base64url');
  assert.deepEqual(verifyReviewToken(SECRET, `${expiry}.${other}.${signature}`, now), {
    valid: false,
    reason: 'bad-signature',
  });
  assert.equal(verifyReviewToken(SECRET, token.replace(/^\d/, '9'), now).valid, false);
  const download = signToken(SECRET, 'A'.repeat(22), now + DAY, {
    orderId: 'X',
    pack: 'stoic-pack',
  });
  assert.equal(verifyReviewToken(SECRET, download, now).valid, false);
});

/** The "Review <pack>" links of an order's e-mail to its buyer (or of its reminder). */
function reviewLinksOf(smtp: Smtp, orderId: string, kind: 'buyer' | 'reminder' = 'buyer') {
  const mail = smtp.messages.find((m) => m.messageId?.startsWith(`<${orderId}.${kind}`));
  assert.ok(mail, `no ${kind} e-mail of ${orderId}`);
  return [...(mail.text ?? '').matchAll(/^Review (.+): (\S+\/review\/#(\S+))$/gm)].map((m) => ({
    name: m[1]!,
    url: m[2]!,
    token: m[3]!,
  }));
}

const review = {
  rating: 5,
  title: 'Skin tones I trust',
  text: 'Gentle on brown skin under tungsten, and the reds of a lehenga stay red.',
  name: 'Meera K.',
};

const send = (service: Service, token: string, fields: Record<string, unknown> = review) =>
  ask(service, '/api/reviews', { token, ...fields });
const open = (service: Service, token: string) => ask(service, '/api/reviews/open', { token });

describe('reviews written to the folder of content/reviews/', () => {
  const it = serviceFor();
  const dir = () => path.join(it.ctx.dir, 'reviews');

  test('the order e-mail links each pack to its review; the review becomes a valid pending file', async () => {
    const { id, response } = await buy(it.service, [stoic, earthy]);
    assert.equal(response.status, 200);
    await it.service.settled();
    await retried(() => it.smtp.messages.some((m) => m.messageId?.startsWith(`<${id}.buyer@`)));
    const links = reviewLinksOf(it.smtp, id);
    assert.deepEqual(
      links.map((link) => link.name),
      [stoic.name, earthy.name],
    );
    assert.ok(links[0]!.url.startsWith('http://127.0.0.1:4173/review/#'));

    const opened = await open(it.service, links[0]!.token);
    assert.equal(opened.status, 200);
    assert.deepEqual(await opened.json(), {
      pack: { slug: stoic.slug, name: stoic.name },
      state: 'new',
      review: null,
      // Only the name to show (first name and initial): the link's holder never sees the full name.
      orderName: 'Meera K.',
    });

    const sent = await send(it.service, links[0]!.token);
    assert.equal(sent.status, 201, await sent.clone().text());
    assert.deepEqual(await sent.json(), { state: 'pending', created: true, pack: stoic.slug });
    const files = readdirSync(dir()).filter((file) => file.startsWith(`${stoic.slug}-`));
    assert.equal(files.length, 1);
    assert.doesNotMatch(files[0]!, new RegExp(id), 'the file name does not reveal the order');
    const content = reviewSchema.parse(
      JSON.parse(readFileSync(path.join(dir(), files[0]!), 'utf8')),
    );
    assert.deepEqual(
      { ...content, received: undefined },
      {
        pack: stoic.slug,
        ...review,
        month: new Date().toISOString().slice(0, 7),
        received: undefined,
        published: false,
        sample: false,
      },
    );
    await retried(() =>
      it.smtp.messages.some((m) => m.subject === `New review: ${stoic.name}, 5/5`),
    );
    const notice = it.smtp.messages.find((m) => m.subject === `New review: ${stoic.name}, 5/5`)!;
    assert.equal(notice.to?.[0]?.address, STUDIO);
    assert.match(notice.text ?? '', /Gentle on brown skin/);

    // Sent again (a changed mind, or a double tap): the same file, changed; nothing duplicated.
    const again = await send(it.service, links[0]!.token, {
      ...review,
      rating: 4,
      title: 'Still good',
    });
    assert.equal(again.status, 200);
    assert.deepEqual(await again.json(), { state: 'pending', created: false, pack: stoic.slug });
    assert.deepEqual(
      readdirSync(dir()).filter((file) => file.startsWith(`${stoic.slug}-`)),
      files,
    );
    const changed = JSON.parse(readFileSync(path.join(dir(), files[0]!), 'utf8'));
    assert.equal(changed.rating, 4);
    assert.equal(changed.title, 'Still good');
    assert.equal(changed.received, content.received);
    const reopened = (await (await open(it.service, links[0]!.token)).json()) as {
      state: string;
      review: unknown;
    };
    assert.equal(reopened.state, 'pending');
    assert.deepEqual(reopened.review, { ...review, rating: 4, title: 'Still good' });

    // The studio publishes it: the link says so, and changes are refused.
    writeFileSync(path.join(dir(), files[0]!), JSON.stringify({ ...changed, published: true }));
    assert.equal(
      ((await (await open(it.service, links[0]!.token)).json()) as { state: string }).state,
      'published',
    );
    const late = await send(it.service, links[0]!.token);
    assert.equal(late.status, 409);
    assert.equal(((await late.json()) as { problem: string }).problem, 'published');

    // The other pack's review, then declined (deleted) by the studio: not sent again.
    assert.equal((await send(it.service, links[1]!.token)).status, 201);
    const earthyFile = readdirSync(dir()).find((file) => file.startsWith(`${earthy.slug}-`))!;
    unlinkSync(path.join(dir(), earthyFile));
    const declined = await send(it.service, links[1]!.token);
    assert.equal(declined.status, 409);
    assert.equal(((await declined.json()) as { problem: string }).problem, 'declined');
  });

  test('two sends at once of one review write one file', async () => {
    const { id } = await buy(it.service, [regal], { email: 'twice@example.com' });
    await it.service.settled();
    await retried(() => it.smtp.messages.some((m) => m.messageId?.startsWith(`<${id}.buyer@`)));
    const [link] = reviewLinksOf(it.smtp, id);
    const answers = await Promise.all([
      send(it.service, link!.token),
      send(it.service, link!.token),
    ]);
    assert.deepEqual(answers.map((a) => a.status).sort(), [200, 201]);
    assert.equal(readdirSync(dir()).filter((file) => file.startsWith(`${regal.slug}-`)).length, 1);
  });

  test('a pack bought twice is reviewed once, through either link; the notice names the buyer and their earlier reviews', async () => {
    const email = 'twice-bought@example.com';
    const linkOf = async (packs: (typeof regal)[], address: string) => {
      const { id } = await buy(it.service, packs, { email: address });
      await it.service.settled();
      await retried(() => it.smtp.messages.some((m) => m.messageId?.startsWith(`<${id}.buyer@`)));
      return { id, link: reviewLinksOf(it.smtp, id)[0]! };
    };
    const noticeOf = async (subject: string) => {
      await retried(() => it.smtp.messages.some((m) => m.subject === subject));
      return it.smtp.messages.filter((m) => m.subject === subject).at(-1)!.text ?? '';
    };
    const regalFiles = () => readdirSync(dir()).filter((file) => file.startsWith(`${regal.slug}-`));

    const first = await linkOf([earthy], email);
    assert.equal((await send(it.service, first.link.token, { ...review, rating: 3 })).status, 201);
    const firstNotice = await noticeOf(`New review: ${earthy.name}, 3/5`);
    assert.match(firstNotice, new RegExp(`Buyer: ${email}`));
    assert.match(firstNotice, /Reviewed before: No: their first review/);

    const filesBefore = regalFiles().length;
    const alone = await linkOf([regal], email);
    assert.equal((await send(it.service, alone.link.token, { ...review, rating: 4 })).status, 201);
    const notice = await noticeOf(`New review: ${regal.name}, 4/5`);
    assert.match(
      notice,
      new RegExp(`Reviewed before: ${earthy.slug} on \\d{4}-\\d{2}-\\d{2} \\(order ${first.id}\\)`),
    );

    // Bought again (the address typed otherwise): the second order's link opens the same review,
    // and a send changes it; there is never a second review of the pack by this buyer.
    const again = await linkOf([regal], email.toUpperCase());
    const opened = (await (await open(it.service, again.link.token)).json()) as {
      state: string;
      review: { rating: number } | null;
    };
    assert.equal(opened.state, 'pending');
    assert.equal(opened.review?.rating, 4);
    const changed = await send(it.service, again.link.token, { ...review, rating: 2 });
    assert.equal(changed.status, 200);
    assert.deepEqual(await changed.json(), { state: 'pending', created: false, pack: regal.slug });
    assert.equal(regalFiles().length, filesBefore + 1);
    const ours = regalFiles()
      .map((file) => JSON.parse(readFileSync(path.join(dir(), file), 'utf8')) as { rating: number })
      .filter((content) => content.rating === 2);
    assert.equal(ours.length, 1);
  });

  test('refusals: a forged or expired link, a refunded order, a body that breaks the rules', async () => {
    const { id } = await buy(it.service, [stoic], { email: 'refunded@example.com' });
    await it.service.settled();
    await retried(() => it.smtp.messages.some((m) => m.messageId?.startsWith(`<${id}.buyer@`)));
    const [link] = reviewLinksOf(it.smtp, id);

    const bad = await send(it.service, link!.token, {
      rating: 6,
      title: '',
      text: 'Too short',
      name: 'x'.repeat(61),
    });
    assert.equal(bad.status, 400);
    const { issues } = (await bad.json()) as { issues: { path: string; message: string }[] };
    assert.deepEqual(issues.map((issue) => issue.path).sort(), ['name', 'rating', 'text', 'title']);
    assert.ok(issues.every((issue) => issue.message.length > 0));
    assert.equal(readdirSync(dir()).filter((f) => f.includes(id)).length, 0);

    const forged = `${link!.token.slice(0, -2)}AA`;
    assert.equal((await send(it.service, forged)).status, 404);
    const expired = signReviewToken(
      it.ctx.config.downloadSecret,
      { orderId: id, pack: stoic.slug },
      Date.now() - 1,
    );
    const gone = await open(it.service, expired);
    assert.equal(gone.status, 410);
    assert.equal(((await gone.json()) as { problem: string }).problem, 'expired');
    const otherPack = signReviewToken(
      it.ctx.config.downloadSecret,
      { orderId: id, pack: earthy.slug },
      Date.now() + DAY,
    );
    assert.equal((await open(it.service, otherPack)).status, 404, 'a pack the order did not buy');

    assert.equal((await refund(it.service, id)).status, 201);
    await retried(() => it.service.store.findOrder(id)?.status === 'refunded');
    const refused = await send(it.service, link!.token);
    assert.equal(refused.status, 409);
    assert.equal(((await refused.json()) as { problem: string }).problem, 'refunded');
  });
});

test('one reminder after the set days, none once a review is written or the order refunded', async () => {
  const smtp = await startSmtpCapture();
  // A reminder after a second and a half, as after five days.
  const own = await start(smtp.url, {});
  own.config.reviews.reminderDays = 1.5 / 86_400;
  const service = own.service;
  try {
    const reminded = await buy(service, [stoic], { email: 'remind@example.com' });
    const reviewed = await buy(service, [stoic], { email: 'reviewed@example.com' });
    const refunded = await buy(service, [stoic], { email: 'refund-first@example.com' });
    await service.settled();
    await retried(() =>
      smtp.messages.some((m) => m.messageId?.startsWith(`<${reviewed.id}.buyer@`)),
    );
    const [link] = reviewLinksOf(smtp, reviewed.id);
    assert.equal((await send(service, link!.token)).status, 201);
    assert.equal((await refund(service, refunded.id)).status, 201);
    await retried(() => service.store.findOrder(refunded.id)?.status === 'refunded');
    const reminders = () => smtp.messages.filter((m) => m.messageId?.includes('.reminder@'));
    await retried(() => reminders().length > 0);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    assert.deepEqual(
      reminders().map((m) => m.to?.[0]?.address),
      ['remind@example.com'],
    );
    const [reminder] = reminders();
    assert.match(reminder!.subject ?? '', new RegExp(reminded.id));
    assert.match(reminder!.text ?? '', /^Hello Meera Kapoor,\n/);
    assert.equal(reviewLinksOf(smtp, reminded.id, 'reminder').length, 1);
  } finally {
    await service.close();
    await smtp.close();
    rmSync(own.dir, { recursive: true, force: true });
  }
});

describe("reviews committed through GitHub's contents API", () => {
  test('the publisher creates a file on the branch, updates it by its sha, and reports a conflict', async () => {
    const github = await startFakeGitHub({ branches: ['main', 'content'] });
    try {
      const publisher = githubPublisher({
        apiUrl: github.url,
        repo: github.repo,
        branch: 'content',
        token: github.token,
      });
      assert.equal(await publisher.read('a.json'), null);
      await publisher.write('a.json', '{"rating":5}\n', { message: 'Add a review' });
      assert.equal(github.file(`${REVIEWS_FOLDER}/a.json`, 'content'), '{"rating":5}\n');
      assert.equal(github.file(`${REVIEWS_FOLDER}/a.json`, 'main'), undefined, 'on CMS_BRANCH');
      const read = await publisher.read('a.json');
      assert.equal(read!.text, '{"rating":5}\n');
      await publisher.write('a.json', '{"rating":4}\n', { sha: read!.sha, message: 'Update' });
      assert.equal(github.file(`${REVIEWS_FOLDER}/a.json`, 'content'), '{"rating":4}\n');
      // The sha read before the update is stale now; a create of an existing file too.
      await assert.rejects(
        publisher.write('a.json', '{}', { sha: read!.sha, message: 'x' }),
        PublishConflict,
      );
      await assert.rejects(publisher.write('a.json', '{}', { message: 'x' }), PublishConflict);
      const puts = github.requests.filter((r) => r.method === 'PUT');
      assert.deepEqual(
        puts.map((r) => Object.keys(r.body as object).sort()),
        [
          ['branch', 'content', 'message'],
          ['branch', 'content', 'message', 'sha'],
          ['branch', 'content', 'message', 'sha'],
          ['branch', 'content', 'message'],
        ],
      );
      assert.deepEqual(
        github.refused.map((r) => r.split(': ')[1]!.slice(0, 3)),
        ['409', '422'],
      );
    } finally {
      await github.close();
    }
  });

  test("the service writes a buyer's review to the repository, and updates it while pending", async () => {
    const github = await startFakeGitHub();
    const smtp = await startSmtpCapture();
    const own = await start(smtp.url, {});
    own.config.reviews.publisher = {
      kind: 'github',
      apiUrl: github.url,
      repo: github.repo,
      branch: 'main',
      token: github.token,
    };
    await own.service.close();
    const restarted = await start(smtp.url, { reviews: own.config.reviews });
    const service = restarted.service;
    try {
      const { id } = await buy(service, [stoic]);
      await service.settled();
      await retried(() => smtp.messages.some((m) => m.messageId?.startsWith(`<${id}.buyer@`)));
      const [link] = reviewLinksOf(smtp, id);
      assert.equal((await send(service, link!.token)).status, 201);
      const [put] = github.requests.filter((r) => r.method === 'PUT');
      const file = decodeURIComponent(put!.path.split('/contents/')[1]!);
      assert.match(file, /^content\/reviews\/stoic-pack-\d{4}-\d{2}-[0-9a-f]{10}\.json$/);
      const content = reviewSchema.parse(JSON.parse(github.file(file)!));
      assert.equal(content.published, false);
      assert.equal((await send(service, link!.token, { ...review, rating: 3 })).status, 200);
      assert.equal(JSON.parse(github.file(file)!).rating, 3);
      assert.deepEqual(github.refused, []);
      // GitHub down: the buyer is told it was not saved (and keeps what they typed).
      await github.close();
      const down = await send(service, link!.token);
      assert.equal(down.status, 503);
    } finally {
      await service.close();
      await smtp.close();
      rmSync(own.dir, { recursive: true, force: true });
      rmSync(restarted.dir, { recursive: true, force: true });
      await github.close().catch(() => undefined);
    }
  });
});

describe('a buyer can never stop the build or flood the repository', () => {
  /** A service committing reviews to a fake GitHub with these limits (and the publisher's). */
  async function withGitHub(
    smtp: Smtp,
    limits = { perMinute: 80, perHour: 500 },
    reviews: { noticeWindowMs?: number; maxWaitMs?: number } = {},
    now?: () => number,
  ) {
    const github = await startFakeGitHub({ writeLimits: limits });
    const own = await start(smtp.url, {});
    await own.service.close();
    const ctx = await start(smtp.url, {
      now,
      reviews: {
        ...own.config.reviews,
        noticeWindowMs: reviews.noticeWindowMs ?? 0,
        publisher: {
          kind: 'github',
          apiUrl: github.url,
          repo: github.repo,
          branch: 'main',
          token: github.token,
          limits,
          maxWaitMs: reviews.maxWaitMs ?? 20_000,
          // The fake runs git synchronously in this process: on a loaded machine its answers
          // queue for tens of seconds. These tests are about GitHub's limits, not its speed.
          timeoutMs: 5 * 60_000,
        },
      },
    });
    return {
      github,
      ...ctx,
      async close() {
        await ctx.service.close();
        await github.close();
        rmSync(own.dir, { recursive: true, force: true });
        rmSync(ctx.dir, { recursive: true, force: true });
      },
    };
  }

  const linkOf = async (smtp: Smtp, service: Service, id: string) => {
    await service.settled();
    await retried(() => smtp.messages.some((m) => m.messageId?.startsWith(`<${id}.buyer@`)));
    return reviewLinksOf(smtp, id)[0]!;
  };

  test('one link sent 140 times in a second: a few commits, one studio notice, a clear answer past the budget', async () => {
    const smtp = await startSmtpCapture();
    // The notice's window on the test's clock: however long 140 requests take on a busy machine,
    // they fall in one window, which the clock then passes.
    const clock = testClock();
    const shop = await withGitHub(smtp, undefined, { noticeWindowMs: 10 * 60_000 }, clock);
    try {
      const { id } = await buy(shop.service, [stoic], { email: 'flood@example.com' });
      const link = await linkOf(smtp, shop.service, id);
      const statuses = await Promise.all(
        Array.from({ length: 140 }, (_, n) =>
          send(shop.service, link.token, { ...review, title: `Take ${n}` }).then(
            (answer) => answer.status,
          ),
        ),
      );
      const count = (status: number) => statuses.filter((each) => each === status).length;
      const budget = shop.config.reviews.sendsPerHour;
      assert.deepEqual([count(201), count(200), count(429)], [1, budget - 1, 140 - budget]);
      const limited = await send(shop.service, link.token);
      assert.match(
        ((await limited.json()) as { error: string }).error,
        /many times in the last hour/,
      );
      assert.equal(shop.github.requests.filter((r) => r.method === 'PUT').length, budget);
      assert.deepEqual(shop.github.refused, []);
      // The changes within the notice's window are one notice, with the last words.
      await shop.service.settled();
      assert.ok(!smtp.messages.some((m) => /^(New review|Review changed)/.test(m.subject ?? '')));
      clock.advance(10 * 60_000);
      await shop.service.outbox.kick();
      await retried(() => smtp.messages.some((m) => m.subject?.startsWith('New review')));
      const notices = smtp.messages.filter((m) =>
        /^(New review|Review changed)/.test(m.subject ?? ''),
      );
      assert.equal(notices.length, 1);
      const file = JSON.parse(
        shop.github.file(
          decodeURIComponent(
            shop.github.requests
              .filter((r) => r.method === 'PUT')
              .at(-1)!
              .path.split('/contents/')[1]!,
          ),
        )!,
      ) as { title: string };
      assert.match(notices[0]!.text!, new RegExp(`Title: ${file.title}$`, 'm'));
    } finally {
      await shop.close();
      await smtp.close();
    }
  });

  test("many links at once: the publisher keeps under GitHub's limits and says when a review was not saved", async () => {
    const smtp = await startSmtpCapture();
    // GitHub's limits scaled down: 10 writes a minute; a buyer waits at most 200 ms for a turn.
    const shop = await withGitHub(smtp, { perMinute: 10, perHour: 500 }, { maxWaitMs: 200 });
    try {
      const links = [];
      for (let n = 0; n < 14; n += 1) {
        const { id } = await buy(shop.service, [stoic], { email: `many${n}@example.com` });
        links.push(await linkOf(smtp, shop.service, id));
      }
      const answers = await Promise.all(links.map((link) => send(shop.service, link.token)));
      const statuses = answers.map((answer) => answer.status);
      const unsaved = shop.logs.filter((line) => line.msg === 'review not written');
      const said = `${statuses.join(' ')}; GitHub refused: ${shop.github.refused.join('; ')}; not written: ${unsaved.map((line) => line.error).join('; ')}`;
      assert.equal(statuses.filter((status) => status === 201).length, 10, said);
      assert.equal(statuses.filter((status) => status === 503).length, 4);
      assert.deepEqual(shop.github.refused, [], 'GitHub never had to refuse a write');
    } finally {
      await shop.close();
      await smtp.close();
    }
  });

  test('a review of a pack the shop withdrew: closed, said so', async () => {
    const it = await start(null);
    try {
      const { id } = await buy(it.service, [regal], { email: 'withdrawn@example.com' });
      await it.service.settled();
      const token = signReviewToken(
        it.config.downloadSecret,
        { orderId: id, pack: regal.slug },
        Date.now() + DAY,
      );
      it.site.publish(
        catalogWith((catalog) => {
          catalog.packs = catalog.packs.filter((pack) => pack.slug !== regal.slug);
          catalog.bundles = catalog.bundles.filter((each) => !each.members.includes(regal.slug));
        }),
      );
      assert.equal(await it.service.catalog.refresh(), true);
      for (const answer of [await open(it.service, token), await send(it.service, token)]) {
        assert.equal(answer.status, 410);
        const body = (await answer.json()) as { problem: string; error: string };
        assert.equal(body.problem, 'closed');
        assert.match(body.error, /Reviews of this pack are closed/);
      }
    } finally {
      await it.service.close();
      rmSync(it.dir, { recursive: true, force: true });
    }
  });

  test('a full refund withdraws the review, published or not, and the studio is told which', async () => {
    const smtp = await startSmtpCapture();
    const it = await start(smtp.url);
    const dir = path.join(it.dir, 'reviews');
    try {
      const { id } = await buy(it.service, [stoic], { email: 'refund-review@example.com' });
      const link = await linkOf(smtp, it.service, id);
      assert.equal((await send(it.service, link.token)).status, 201);
      const [file] = readdirSync(dir);
      // The studio publishes it in the editor.
      const published = {
        ...JSON.parse(readFileSync(path.join(dir, file!), 'utf8')),
        published: true,
      };
      writeFileSync(path.join(dir, file!), JSON.stringify(published));
      assert.equal((await refund(it.service, id)).status, 201);
      await retried(() => !!JSON.parse(readFileSync(path.join(dir, file!), 'utf8')).withdrawn);
      const withdrawn = reviewSchema.parse(JSON.parse(readFileSync(path.join(dir, file!), 'utf8')));
      assert.equal(withdrawn.published, false);
      await it.service.settled();
      await retried(() => smtp.messages.some((m) => m.subject === `Order ${id} refunded`));
      const notice = smtp.messages.find((m) => m.subject === `Order ${id} refunded`)!;
      assert.match(notice.text!, new RegExp(`Review withdrawn: content/reviews/${file}`));
    } finally {
      await it.service.close();
      await smtp.close();
      rmSync(it.dir, { recursive: true, force: true });
    }
  });

  test("what a link's holder sees and sends: the name to show, one line, nothing invisible", async () => {
    const smtp = await startSmtpCapture();
    const it = await start(smtp.url);
    try {
      const { id } = await buy(it.service, [stoic], { email: 'words@example.com' });
      const link = await linkOf(smtp, it.service, id);
      const opened = (await (await open(it.service, link.token)).json()) as { orderName: string };
      assert.equal(opened.orderName, 'Meera K.', `not ${CUSTOMER.name}`);
      const invisible = await send(it.service, link.token, {
        ...review,
        title: '\u200b\u200b',
        text: '\u200b\u200c\u200d\u2060'.repeat(10),
      });
      assert.equal(invisible.status, 400);
      const { issues } = (await invisible.json()) as { issues: { path: string }[] };
      assert.deepEqual(issues.map((issue) => issue.path).sort(), ['text', 'title']);
      const forging = await send(it.service, link.token, {
        ...review,
        title: 'Lovely\rOrder: FAKE-ORDER',
        name: 'Meera\r\nFile: elsewhere.json',
      });
      assert.equal(forging.status, 201);
      await it.service.settled();
      await retried(() => smtp.messages.some((m) => m.subject?.startsWith('New review')));
      const notice = smtp.messages.find((m) => m.subject?.startsWith('New review'))!;
      const lines = notice.text!.split(/\r\n|\r|\n/);
      assert.ok(lines.includes('Title: Lovely Order: FAKE-ORDER'));
      assert.ok(!lines.some((line) => line.startsWith('Order: FAKE')));
      assert.ok(!lines.some((line) => line.startsWith('File: elsewhere')));
    } finally {
      await it.service.close();
      await smtp.close();
      rmSync(it.dir, { recursive: true, force: true });
    }
  });
});
