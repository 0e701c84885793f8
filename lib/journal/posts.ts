// The real-wedding journal: one Markdown file per wedding in content/journal/ (a content folder,
// lib/content/files.ts), its facts in YAML front matter (lib/journal/schema.ts), its story in the
// body. Parsed at build time; a post that does not match the schema stops the build naming the file
// and the field, as every content file.
import rehypeStringify from 'rehype-stringify';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { parse as parseYaml } from 'yaml';
import { contact, journalCopy } from '@/lib/content';
import { fillIn } from '@/lib/shared/copy';
import { folderFiles } from '@/lib/content/content.generated';
import { ContentError, parseContent, type ContentProblem } from '@/lib/content/parse';
import {
  cityPath,
  eventAnchors,
  journalPath,
  mainEvent,
  slugify,
  suggestSlug,
  suggestTitle,
} from './facts';
import { journalPostSchema, type JournalFrontMatter } from './schema';

export type JournalEvent = JournalFrontMatter['events'][number] & {
  /** The event's anchor on the post's page: "sangeet". */
  anchor: string;
  /** Its name: the one the post gives it ("Anand Karaj"), else the enquiry's for its kind. */
  label: string;
};

export type JournalPost = Omit<JournalFrontMatter, 'title' | 'slug' | 'events'> & {
  /** The post's file, as messages name it: content/journal/meera-james.md */
  file: string;
  title: string;
  slug: string;
  path: string;
  events: JournalEvent[];
  /** The story, as HTML (raw HTML in the Markdown is dropped). */
  html: string;
  /** The data as written, for messages that name a field (lib/content/media-refs.ts). */
  raw: unknown;
};

export type JournalCity = { name: string; slug: string; path: string; posts: JournalPost[] };

/** A city page's heading, as the page, its links and the route list say it. */
export const cityHeading = (city: string) => fillIn(journalCopy.city.heading, { city });

const frontMatter = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/;
const markdown = unified().use(remarkParse).use(remarkRehype).use(rehypeStringify);

/** One post file's text, validated; `kinds` are the enquiry's event kinds. */
export function parsePost(file: string, source: string, kinds: Map<string, string>): JournalPost {
  const fail = (words: string, where?: Omit<ContentProblem, 'words'>): never => {
    throw new ContentError(file, [{ ...where, words }]);
  };
  const parts = frontMatter.exec(source);
  if (!parts) return fail('the facts must open the file, between two lines of "---"');
  let raw: unknown;
  try {
    raw = parseYaml(parts[1]!);
  } catch (error) {
    return fail(`the front matter is not YAML: ${(error as Error).message.split('\n')[0]}`);
  }
  const post = parseContent(file, journalPostSchema, raw);
  const story = parts[2]!.trim();
  if (!story) fail('the story (the text below the front matter) must not be empty');
  post.events.forEach((event, index) => {
    if (!kinds.has(event.kind)) {
      fail(
        `"${event.kind}" is not an event of the enquiry (content/contact.json): ${[...kinds.keys()].join(', ')}`,
        {
          at: `events, entry #${index + 1}, field "kind"`,
          entry: `events #${index + 1}`,
          field: 'kind',
        },
      );
    }
  });
  const anchors = eventAnchors(post.events);
  const slug = post.slug ?? suggestSlug(post);
  return {
    ...post,
    file,
    raw,
    title: post.title ?? suggestTitle(post),
    slug,
    path: journalPath({ slug }),
    events: post.events.map((event, i) => ({
      ...event,
      anchor: anchors[i]!,
      label: event.name ?? kinds.get(event.kind)!,
    })),
    html: String(markdown.processSync(story)),
  };
}

/** Every post (file name → its text), newest first; two posts at one address stop the build. */
export function readJournal(files = folderFiles.journal ?? {}): JournalPost[] {
  const kinds = new Map(contact.enquiry.eventKinds.map((kind) => [kind.value, kind.label]));
  const posts = Object.entries(files).map(([file, text]) => {
    if (typeof text !== 'string') {
      throw new ContentError(file, [{ words: 'is not a Markdown file' }]);
    }
    return parsePost(file, text, kinds);
  });
  const bySlug = new Map<string, JournalPost>();
  for (const post of posts) {
    const other = bySlug.get(post.slug);
    if (other) {
      throw new ContentError(post.file, [
        {
          at: 'field "slug"',
          field: 'slug',
          words: `"${post.slug}" is the address of ${other.file} too (give one of them a slug of its own)`,
        },
      ]);
    }
    bySlug.set(post.slug, post);
  }
  return posts.sort(
    (a, b) => b.published.localeCompare(a.published) || a.title.localeCompare(b.title),
  );
}

let cached: JournalPost[] | undefined;

/** The journal, parsed once per build (an edit in `next dev` reloads this module). */
export function journal(): JournalPost[] {
  cached ??= readJournal();
  return cached;
}

export const getPost = (slug: string) => journal().find((post) => post.slug === slug);

/** The cities the journal's weddings were in, each with its posts (newest first), by name. */
export function journalCities(posts = journal()): JournalCity[] {
  const cities = new Map<string, JournalCity>();
  for (const post of posts) {
    for (const event of post.events) {
      const slug = slugify(event.city);
      const city = cities.get(slug) ?? {
        name: event.city,
        slug,
        path: cityPath(event.city),
        posts: [],
      };
      if (!city.posts.includes(post)) city.posts.push(post);
      cities.set(slug, city);
    }
  }
  return [...cities.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** The cities of one post, each once, its main event's first. */
export function postCities(post: JournalPost): { name: string; path: string }[] {
  const names = [mainEvent(post.events).city, ...post.events.map((event) => event.city)];
  const seen = new Set<string>();
  return names
    .filter((name) => !seen.has(slugify(name)) && seen.add(slugify(name)))
    .map((name) => ({ name, path: cityPath(name) }));
}

/**
 * The weddings a post ends with: the same tradition first, then the same city (any of its
 * events'), newest first within each, the post itself left out.
 */
export function relatedPosts(post: JournalPost, posts = journal(), count = 3): JournalPost[] {
  const cities = new Set(post.events.map((event) => slugify(event.city)));
  const sameCity = (other: JournalPost) =>
    other.events.some((event) => cities.has(slugify(event.city)));
  const others = posts.filter((other) => other.slug !== post.slug);
  return [
    ...others.filter((other) => other.tradition === post.tradition),
    ...others.filter((other) => other.tradition !== post.tradition && sameCity(other)),
  ].slice(0, count);
}
