import { describe, expect, test } from '@jest/globals';
import { contact, site } from '@/lib/content';
import type { MediaEntry } from '@/lib/media';
import { breadcrumbData } from '@/lib/structured-data';
import { enquiryHref, eventAnchors, slugify, suggestSlug, suggestTitle } from './facts';
import { journalFeed } from './feed';
import { journal, journalCities, parsePost, readJournal } from './posts';
import { blogPostingData, photoLicenceData } from './structured-data';

const kinds = new Map(contact.enquiry.eventKinds.map((kind) => [kind.value, kind.label]));

const post = (frontMatter: string, story = 'The story.') => `---\n${frontMatter}\n---\n${story}\n`;
const facts = `couple: Simran & Arjun
tradition: Sikh
summary: A Sikh wedding in Surrey.
published: 2026-06-14
cover:
  src: journal/x/cover.jpg
  alt: The couple
events:
  - kind: sangeet
    date: 2026-06-12
    venue: Crystal Banquet Hall
    city: Surrey
    photos:
      - { src: journal/x/1.jpg, alt: Dancing }
  - kind: ceremony
    date: 2026-06-14
    venue: Gurdwara Dasmesh Darbar
    city: Surrey
    placeOfWorship: true
    photos:
      - { src: journal/x/2.jpg, alt: The laavan }`;

const image = (url: string): Extract<MediaEntry, { kind: 'image' }> => ({
  kind: 'image',
  width: 2400,
  height: 1600,
  preview: [],
  srcSet: '',
  avifSrcSet: '',
  fallback: url,
  placeholder: false,
  crops: { '16x9': '/c/16x9.jpg', '4x3': '/c/4x3.jpg', '1x1': '/c/1x1.jpg' },
});

describe('a post is made from its facts', () => {
  const parsed = parsePost('content/journal/x.md', post(facts), kinds);

  test('title and address name the tradition, the ceremony’s venue and the city', () => {
    expect(parsed.title).toBe('Sikh wedding at Gurdwara Dasmesh Darbar, Surrey: Simran & Arjun');
    expect(parsed.slug).toBe('sikh-wedding-gurdwara-dasmesh-darbar-surrey');
    expect(parsed.path).toBe('/journal/sikh-wedding-gurdwara-dasmesh-darbar-surrey/');
    // A venue that already names its city does not name it twice.
    expect(
      suggestSlug({
        couple: 'A & B',
        tradition: 'Hindu',
        events: [{ ...parsed.events[0]!, venue: 'Surrey Civic Hotel' }],
      }),
    ).toBe('hindu-wedding-surrey-civic-hotel');
    expect(slugify('Café Ñandú & Co.')).toBe('cafe-nandu-and-co');
  });

  test('a title and slug the editor wrote win', () => {
    const own = parsePost('x.md', post(`${facts}\ntitle: Our day\nslug: our-day`), kinds);
    expect([own.title, own.path]).toEqual(['Our day', '/journal/our-day/']);
    expect(suggestTitle(own)).toContain('Gurdwara Dasmesh Darbar');
  });

  test('events get anchors by kind, numbered when a kind repeats, and their own or the enquiry’s names', () => {
    expect(parsed.events.map((event) => [event.anchor, event.label])).toEqual([
      ['sangeet', 'Sangeet'],
      ['ceremony', kinds.get('ceremony')],
    ]);
    const named = parsePost(
      'x.md',
      post(facts.replace('  - kind: ceremony', '  - kind: ceremony\n    name: Anand Karaj')),
      kinds,
    );
    expect(named.events[1]!.label).toBe('Anand Karaj');
    expect(eventAnchors([{ kind: 'reception' }, { kind: 'reception' }])).toEqual([
      'reception',
      'reception-2',
    ]);
  });

  test('the enquiry link carries the event, city and venue', () => {
    const href = enquiryHref(parsed.events[1]!, parsed.couple);
    const params = new URL(href, 'https://x').searchParams;
    expect(new URL(href, 'https://x').pathname).toBe('/contact/');
    expect(Object.fromEntries(params)).toEqual({
      event: 'ceremony',
      city: 'Surrey',
      venue: 'Gurdwara Dasmesh Darbar',
      from: 'Simran & Arjun',
    });
  });

  test('the story is HTML, without the raw HTML an author typed', () => {
    const story = parsePost(
      'x.md',
      post(facts, 'We **danced**.\n\n<script>alert(1)</script>\n\n[Venue](https://example.com)'),
      kinds,
    );
    expect(story.html).toContain('<strong>danced</strong>');
    expect(story.html).toContain('<a href="https://example.com">Venue</a>');
    expect(story.html).not.toContain('<script');
  });
});

describe('a bad post stops the build, naming its file and field', () => {
  const fails = (text: string) => () => parsePost('content/journal/bad.md', text, kinds);

  test('a missing venue', () => {
    expect(fails(post(facts.replace('    venue: Crystal Banquet Hall\n', '')))).toThrow(
      /content\/journal\/bad\.md:\n {2}events, entry #1, field "venue"/,
    );
  });

  test('a date that is not one', () => {
    expect(fails(post(facts.replace('2026-06-12', '2026-02-30')))).toThrow(
      /bad\.md:\n {2}events, entry #1, field "date": is not a date in the calendar/,
    );
    expect(fails(post(facts.replace('published: 2026-06-14', 'published: June 14')))).toThrow(
      /field "published": must be a date written YYYY-MM-DD/,
    );
  });

  test('an event the enquiry does not offer, no front matter, no story, bad YAML', () => {
    expect(fails(post(facts.replace('kind: sangeet', 'kind: party')))).toThrow(
      /events, entry #1, field "kind": "party" is not an event of the enquiry/,
    );
    expect(fails('Just a story.')).toThrow(/bad\.md:\n {2}the facts must open the file/);
    expect(fails(post(facts, ''))).toThrow(/the story .* must not be empty/);
    expect(fails(post(`${facts}\n  : [`))).toThrow(/bad\.md:\n {2}the front matter is not YAML/);
  });

  test('two posts at one address', () => {
    const files = {
      'content/journal/a.md': post(facts),
      'content/journal/b.md': post(facts.replace('Simran & Arjun', 'Other')),
    };
    expect(() => readJournal(files)).toThrow(
      /content\/journal\/b\.md:\n {2}field "slug": "sikh-wedding-gurdwara-dasmesh-darbar-surrey" is the address of content\/journal\/a\.md too/,
    );
  });
});

describe('the journal of this repository', () => {
  test('holds the sample posts, newest first, each city with its posts', () => {
    const posts = journal();
    expect(posts.length).toBeGreaterThanOrEqual(3);
    expect(posts.every((p) => p.sample)).toBe(true);
    const dates = posts.map((p) => p.published);
    expect(dates).toEqual([...dates].sort().reverse());
    const surrey = journalCities(posts).find((city) => city.slug === 'surrey')!;
    expect(surrey.path).toBe('/journal/in/surrey/');
    expect(surrey.posts.every((p) => p.events.some((e) => e.city === 'Surrey'))).toBe(true);
  });
});

describe('structured data', () => {
  const parsed = parsePost('x.md', post(`${facts}\nupdated: 2026-06-20`), kinds);
  const siteUrl = 'https://www.saanjhstudio.example';

  test('BlogPosting has what Google requires and recommends for an article', () => {
    const data = blogPostingData(parsed, image('/media/cover.jpg'), site, siteUrl);
    expect(data['@type']).toBe('BlogPosting');
    expect(data.headline).toBe(parsed.title);
    expect((data.headline as string).length).toBeLessThanOrEqual(110);
    // Images in 16:9, 4:3 and 1:1, absolute.
    expect(data.image).toEqual([
      `${siteUrl}/c/16x9.jpg`,
      `${siteUrl}/c/4x3.jpg`,
      `${siteUrl}/c/1x1.jpg`,
    ]);
    // Dates in ISO 8601.
    expect(data.datePublished).toBe('2026-06-14');
    expect(data.dateModified).toBe('2026-06-20');
    expect(data.author).toEqual({ '@type': 'Organization', name: site.name, url: `${siteUrl}/` });
    expect(data.mainEntityOfPage).toBe(`${siteUrl}${parsed.path}`);
    // No self-serving review or FAQ markup.
    expect(JSON.stringify(data)).not.toMatch(/Review|Rating|FAQPage/);
  });

  test('breadcrumbs list each step with a position, a name and an absolute item', () => {
    const data = breadcrumbData(siteUrl, [
      { name: 'Home', path: '/' },
      { name: 'The Journal', path: '/journal/' },
      { name: parsed.title, path: parsed.path },
    ]);
    const items = data.itemListElement as unknown as { position: number; item: string }[];
    expect(items.map((item) => item.position)).toEqual([1, 2, 3]);
    for (const item of items) expect(item.item).toMatch(/^https:\/\//);
  });

  test('each photograph carries its licence', () => {
    const data = photoLicenceData({ alt: 'Dancing' }, image('/media/1.jpg'), site, siteUrl, '2026');
    expect(data).toMatchObject({
      contentUrl: `${siteUrl}/media/1.jpg`,
      creator: { '@type': 'Organization', name: site.name },
      creditText: site.name,
      copyrightNotice: `© 2026 ${site.name}`,
      license: `${siteUrl}/journal/#licence`,
      acquireLicensePage: `${siteUrl}/contact/`,
    });
  });
});

describe('the feed', () => {
  test('is RSS 2.0 with every post, newest first', () => {
    const posts = journal();
    const xml = journalFeed({
      posts,
      siteUrl: 'https://www.saanjhstudio.example',
      title: 'Real weddings & more',
      description: 'Weddings <told>',
      coverOf: (p) => ({ url: `/media/${p.slug}.jpg`, bytes: 1234 }),
    });
    const doc = new DOMParser().parseFromString(xml, 'application/xml');
    expect(doc.querySelector('parsererror')).toBeNull();
    expect(doc.documentElement.nodeName).toBe('rss');
    expect(doc.documentElement.getAttribute('version')).toBe('2.0');
    const channel = doc.querySelector('channel')!;
    expect(channel.querySelector('title')!.textContent).toBe('Real weddings & more');
    expect(channel.querySelector('description')!.textContent).toBe('Weddings <told>');
    const items = [...doc.querySelectorAll('item')];
    expect(items.map((item) => item.querySelector('link')!.textContent)).toEqual(
      posts.map((p) => `https://www.saanjhstudio.example${p.path}`),
    );
    for (const item of items) {
      expect(new Date(item.querySelector('pubDate')!.textContent!).getTime()).not.toBeNaN();
      expect(item.querySelector('enclosure')!.getAttribute('length')).toBe('1234');
      expect(item.getElementsByTagName('content:encoded')[0]!.textContent).toContain('<p>');
    }
  });
});
