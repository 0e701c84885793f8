import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { presets, shopCopy, site } from '@/lib/content';
import { reviewSchema } from '@/lib/content/review-schema';
import { fillIn } from '@/lib/shared/copy';
import { REVIEW_MESSAGES } from '@/lib/shared/review';
import { violations } from '../fixtures/axe';
import { expect, test } from '../fixtures';
import { apiBase, fakePayPalBase, reviewsDir } from '../service';
import { emailsAbout } from '../stubs/outbox';

const copy = shopCopy.reviewForm;
const stoic = presets.find((p) => p.slug === 'stoic-pack')!;
const regal = presets.find((p) => p.slug === 'regal-tones')!;

// A buyer's path, in one project (no layout of its own to compare): a purchase through the real
// service and the fake PayPal, the "Review <pack>" link of the e-mail, the review sent, changed
// while pending, and the file the editor lists; axe in each state of the page.
test.describe('reviews from buyers', () => {
  test.skip(
    ({ isMobile }) => isMobile,
    'one project: the page has no layout of its own to compare',
  );

  test('the e-mail links each pack to /review/, where the review is sent, changed, and published', async ({
    page,
    request,
    problems,
  }) => {
    // A purchase, six axe runs and three reloads: near 30 s on a loaded 2-core machine.
    test.slow();
    problems.allow(/api\/reviews/);
    // A buyer of this run: a review is one per buyer and pack, and a local run's service keeps
    // earlier runs' orders and reviews.
    const email = `reviewer-${Date.now()}@example.com`;
    const headers = { Origin: new URL(test.info().project.use.baseURL!).origin };
    const created = await request.post(`${apiBase}/api/orders`, {
      headers,
      data: {
        items: [stoic.slug, regal.slug],
        shownTotalCents: stoic.priceCents + regal.priceCents,
        customer: { name: 'Ritika Bose', email, phone: '+91 98300 00000', address: 'Kolkata' },
      },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const approved = await request.post(`${fakePayPalBase}/fake/orders/${id}/approve`, {
      data: {},
    });
    expect(approved.ok()).toBe(true);
    const captured = await request.post(`${apiBase}/api/orders/${id}/capture`, {
      headers,
      data: { email },
    });
    expect(captured.status()).toBe(200);

    const buyer = (await emailsAbout(id, 2)).find((m) => m.to?.[0]?.address === email)!;
    const reviewLinks = [...buyer.text!.matchAll(/^Review (.+): (http\S+\/review\/#\S+)$/gm)];
    expect(reviewLinks.map((link) => link[1])).toEqual([stoic.name, regal.name]);
    const link = new URL(reviewLinks[0]![2]!);

    // Without a link's token, the page says where the link is.
    await page.goto('/review/');
    await expect(page.getByText(fillIn(copy.noLink, { email: site.email }))).toBeVisible();
    expect(await violations(page)).toEqual([]);

    // The link: the pack, the name from the order as first name and initial.
    await page.goto(`/review/${link.hash}`);
    await expect(
      page.getByRole('heading', { name: fillIn(copy.packLabel, { name: stoic.name }) }),
    ).toBeVisible();
    await expect(page.getByLabel(copy.nameLabel)).toHaveValue('Ritika B.');
    expect(await violations(page)).toEqual([]);

    // Stars by keyboard: a radio group.
    const stars = page.getByRole('group', { name: copy.ratingLabel });
    await stars.getByRole('radio', { name: fillIn(copy.starLabel, { n: 1 }) }).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(
      stars.getByRole('radio', { name: fillIn(copy.starLabel, { n: 4 }) }),
    ).toBeChecked();

    // Sent with no title nor text: the page's own words, beside each field and in a summary
    // that takes focus and links each field (no browser bubble).
    await page.getByLabel(copy.nameLabel).press('Enter');
    const summary = page.getByRole('group', { name: copy.fieldProblem });
    await expect(summary).toBeFocused();
    await expect(summary.getByRole('link')).toHaveText([
      REVIEW_MESSAGES.title,
      REVIEW_MESSAGES.text,
    ]);
    await expect(page.getByLabel(copy.titleLabel)).toHaveAccessibleDescription(
      REVIEW_MESSAGES.title,
    );
    await summary.getByRole('link', { name: REVIEW_MESSAGES.text }).click();
    await expect(page.getByLabel(copy.textLabel)).toBeFocused();
    expect(await violations(page)).toEqual([]);
    await page.getByLabel(copy.titleLabel).fill('Honest skin tones');
    const text =
      'Shot a haldi in harsh noon light: the yellows stayed warm and the skin stayed skin.';
    await page.getByLabel(copy.textLabel).fill(text);

    // The service cannot be reached: said, and nothing typed is lost.
    await page.route(`${apiBase}/api/reviews`, (route) => route.abort('connectionrefused'));
    await page.getByRole('button', { name: copy.send }).click();
    await expect(page.getByText(copy.problems.unreachable)).toHaveRole('alert');
    await expect(page.getByLabel(copy.textLabel)).toHaveValue(text);
    expect(await violations(page)).toEqual([]);
    await page.unroute(`${apiBase}/api/reviews`);
    const earlier = new Set(existsSync(reviewsDir) ? readdirSync(reviewsDir) : []);

    await page.getByRole('button', { name: copy.send }).click();
    await expect(page.getByRole('status').filter({ hasText: copy.sent })).toBeVisible();
    expect(await violations(page)).toEqual([]);

    // The files of this run's review (a local run's folder keeps earlier runs' files).
    const fileOf = () =>
      readdirSync(reviewsDir).filter((f) => f.startsWith(`${stoic.slug}-`) && !earlier.has(f));
    await expect.poll(() => fileOf().length).toBe(1);
    const file = path.join(reviewsDir, fileOf()[0]!);
    const written = reviewSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
    expect(written).toMatchObject({
      pack: stoic.slug,
      rating: 4,
      title: 'Honest skin tones',
      text,
      name: 'Ritika B.',
      published: false,
    });

    // Opened again, the review is there to change, with the day it was sent; a change updates
    // the same file.
    await page.reload();
    await expect(page.getByLabel(copy.titleLabel)).toHaveValue('Honest skin tones');
    const sentOn = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(`${written.received}T00:00:00Z`),
    );
    await expect(page.getByText(fillIn(copy.reopened, { date: sentOn }))).toBeVisible();
    await page.getByLabel(copy.titleLabel).fill('Honest, warm skin tones');
    await page.getByRole('button', { name: copy.send }).click();
    await expect(page.getByRole('status').filter({ hasText: copy.updated })).toBeVisible();
    expect(fileOf()).toHaveLength(1);
    expect(JSON.parse(readFileSync(file, 'utf8')).title).toBe('Honest, warm skin tones');

    // The studio publishes it: the link says so.
    writeFileSync(file, JSON.stringify({ ...written, published: true }));
    await page.reload();
    await expect(page.getByText(fillIn(copy.published, { email: site.email }))).toBeVisible();
    expect(await violations(page)).toEqual([]);

    // A link that is not ours.
    await page.goto(`/review/${link.hash.slice(0, -3)}AAA`);
    await expect(page.getByText(fillIn(copy.problems.invalid, { email: site.email }))).toHaveRole(
      'alert',
    );
    expect(await violations(page)).toEqual([]);
  });
});
