import { contact, journalCopy } from '@/lib/content';
import { fillIn } from '@/lib/shared/copy';
import { journal, journalCities } from '@/lib/journal/posts';
import { violations } from '../fixtures/axe';
import { expect, test } from '../fixtures';

const posts = journal();
const post = posts.find((p) => p.tradition === 'Sikh')!;
const surrey = journalCities(posts).find((city) => city.slug === 'surrey')!;

test.describe('the journal', () => {
  test('lists every post newest first, filters by tradition without a script, links its cities', async ({
    page,
  }) => {
    await page.goto('/journal/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(journalCopy.page.heading);
    const titles = page.getByRole('heading', { level: 2 }).filter({ has: page.getByRole('link') });
    await expect(titles).toHaveText(posts.map((p) => p.title));
    expect(await violations(page)).toEqual([]);

    // The filter: a tradition shows its posts only, "All" every post again.
    await page.getByRole('radio', { name: 'Sikh' }).check();
    await expect(titles.filter({ visible: true })).toHaveText(
      posts.filter((p) => p.tradition === 'Sikh').map((p) => p.title),
    );
    await page.getByRole('radio', { name: journalCopy.filter.all }).check();
    await expect(titles.filter({ visible: true })).toHaveCount(posts.length);

    // A city's page holds its posts, and the search engine's breadcrumbs.
    await page.getByRole('link', { name: `${surrey.name} (${surrey.posts.length})` }).click();
    await expect(page).toHaveURL(/\/journal\/in\/surrey\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      fillIn(journalCopy.city.heading, { city: surrey.name }),
    );
    await expect(titles).toHaveText(surrey.posts.map((p) => p.title));
    expect(await violations(page)).toEqual([]);
  });

  test('a post: its cover first, its events with anchors and galleries, credits, and an enquiry it pre-fills', async ({
    page,
  }) => {
    await page.goto('/journal/');
    await page.getByRole('link', { name: post.title }).click();
    await expect(page).toHaveURL(new RegExp(`${post.path}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(post.title);

    // The page preloads one picture, its cover; the galleries' photos wait until they are near.
    const html = await (await page.request.get(post.path)).text();
    const preloads = html.match(/<link rel="preload" as="image"[^>]*>/g) ?? [];
    expect(preloads).toHaveLength(1);
    expect(preloads[0]).toContain('/media/journal/');
    expect(preloads[0]).toContain('/cover.');
    const cover = page.locator('img').first();
    await expect(cover).toHaveAttribute('alt', post.cover.alt);
    expect(await cover.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(page.locator('main section[id] img[loading="lazy"]').first()).toBeAttached();

    // The breadcrumbs lead back through the journal and the wedding's city.
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link')).toHaveText(
      ['Home', journalCopy.page.heading, fillIn(journalCopy.city.heading, { city: 'Surrey' })],
    );

    // Each event is a section with an anchor, listed at the top.
    for (const event of post.events) {
      await expect(page.locator(`section#${event.anchor}`)).toContainText(event.venue);
    }
    const sangeet = post.events.find((event) => event.kind === 'sangeet')!;
    await page.getByRole('link', { name: sangeet.label, exact: true }).click();
    await expect(page).toHaveURL(/#sangeet$/);
    await expect(page.locator('section#sangeet h2')).toBeInViewport();

    // Its photos open in the site's viewer, and step within the event's own photos.
    const section = page.locator('section#sangeet');
    await section.getByRole('button', { name: `Open photo 1: ${sangeet.photos[0]!.alt}` }).click();
    const viewer = page.getByRole('dialog', { name: 'Photo viewer' });
    await expect(viewer).toContainText(sangeet.photos[0]!.caption ?? sangeet.photos[0]!.alt);
    await expect(viewer).toContainText(`(1 of ${sangeet.photos.length})`);
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByRole('dialog', { name: 'Photo viewer' })).toContainText(
      `(${sangeet.photos.length} of ${sangeet.photos.length})`,
    );
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // The vendors are credited, linked where the post gives a link.
    for (const vendor of post.vendors) {
      await expect(page.getByRole('definition').filter({ hasText: vendor.name })).toBeVisible();
      if (vendor.url)
        await expect(page.getByRole('link', { name: vendor.name })).toHaveAttribute(
          'rel',
          'noopener noreferrer',
        );
    }
    expect(post.vendors.some((vendor) => vendor.url)).toBe(true);
    // The couple's words, the film behind the site's facade, what we made, the weddings to read next.
    await expect(page.getByRole('blockquote')).toHaveText(post.quote!.text);
    await expect(
      page.getByRole('figure').filter({ has: page.getByRole('blockquote') }),
    ).toContainText(post.couple);
    await expect(
      page.getByRole('button', { name: `Play the film ${post.film!.title}` }),
    ).toBeVisible();
    expect(await page.locator('iframe').count()).toBe(0);
    const made = page.getByRole('region', { name: journalCopy.madeHeading });
    await expect(made.getByRole('listitem')).toHaveText([
      fillIn(journalCopy.made.days, { n: post.made!.days }),
      fillIn(journalCopy.made.hours, { n: post.made!.hours }),
      ...post.made!.deliverables,
    ]);
    const related = page.getByRole('region', { name: journalCopy.relatedHeading });
    await expect(related.getByRole('heading', { level: 3 }).first()).toBeVisible();
    await expect(related.getByRole('link', { name: post.title })).toHaveCount(0);
    // The sample flag is for editors only.
    expect(post.sample).toBe(true);
    await expect(page.getByText(/sample wedding/i)).toHaveCount(0);
    expect(await violations(page)).toEqual([]);

    // "Planning a wedding at <venue>?" leads to the enquiry, filled in with the ceremony.
    const ceremony = post.events.find((event) => event.kind === 'ceremony')!;
    await expect(
      page.getByRole('heading', {
        name: fillIn(journalCopy.enquiry.heading, { venue: ceremony.venue }),
      }),
    ).toBeVisible();
    await page.getByRole('link', { name: journalCopy.enquiry.link }).click();
    // Said at the top, with the family's name for the ceremony.
    await expect(page.getByRole('status').filter({ hasText: post.couple })).toHaveText(
      `We've started with an ${ceremony.label} at ${ceremony.venue}, as in ${post.couple}'s wedding: change anything.`,
    );
    // Once applied, the pre-fill leaves the address: a reload would not apply it again.
    await expect(page).toHaveURL(/\/contact\/$/);
    const first = page.getByRole('group', { name: /^Event 1/ });
    await expect(first.getByLabel(contact.enquiry.event.kind)).toHaveValue(
      `ceremony|${ceremony.label}`,
    );
    await expect(first.getByLabel(contact.enquiry.event.venue)).toHaveValue(ceremony.venue);
    await expect(first.getByRole('textbox', { name: /^City/ })).toHaveValue(ceremony.city);
  });

  test('the feed and the sitemap hold every post and city page', async ({ request }) => {
    const feed = await request.get('/journal/feed.xml');
    expect(feed.ok()).toBe(true);
    const xml = await feed.text();
    const sitemap = await (await request.get('/sitemap.xml')).text();
    for (const p of posts) {
      expect(xml).toContain(`${p.path}</link>`);
      expect(sitemap).toContain(`${p.path}</loc>`);
    }
    for (const city of journalCities(posts)) expect(sitemap).toContain(`${city.path}</loc>`);
    expect(sitemap).toMatch(/<image:loc>[^<]+\/media\/journal\//);
  });

  test('the footer links the journal', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Journal' }).click();
    await expect(page).toHaveURL(/\/journal\/$/);
  });
});
