import { statSync } from 'node:fs';
import path from 'node:path';
import { journalCopy } from '@/lib/content';
import { journalFeed } from '@/lib/journal/feed';
import { journal } from '@/lib/journal/posts';
import { mediaImage } from '@/lib/media';
import { settings } from '@/lib/settings';

export const dynamic = 'force-static';

/** The journal's RSS feed, /journal/feed.xml: every post. */
export function GET() {
  const xml = journalFeed({
    posts: journal(),
    siteUrl: settings.siteUrl,
    title: journalCopy.feedTitle,
    description: journalCopy.page.description,
    coverOf: (post) => {
      const url = mediaImage(post.cover.src).fallback;
      return { url, bytes: statSync(path.join(process.cwd(), 'public', url)).size };
    },
  });
  return new Response(xml, { headers: { 'content-type': 'application/rss+xml; charset=utf-8' } });
}
