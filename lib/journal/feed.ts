import type { JournalPost } from './posts';
import { rfc822 } from './dates';

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The journal as an RSS 2.0 feed (www.rssboard.org/rss-specification): every post, newest first,
 * with its summary, its story as HTML and its cover as an enclosure.
 */
export function journalFeed({
  posts,
  siteUrl,
  title,
  description,
  coverOf,
}: {
  posts: JournalPost[];
  siteUrl: string;
  title: string;
  description: string;
  /** The cover's published JPEG: its URL and size in bytes. */
  coverOf: (post: JournalPost) => { url: string; bytes: number };
}): string {
  const absolute = (path: string) => new URL(path, `${siteUrl}/`).toString();
  const items = posts.map((post) => {
    const cover = coverOf(post);
    return `    <item>
      <title>${escape(post.title)}</title>
      <link>${absolute(post.path)}</link>
      <guid isPermaLink="true">${absolute(post.path)}</guid>
      <pubDate>${rfc822(post.published)}</pubDate>
      <category>${escape(post.tradition)}</category>
      <description>${escape(post.summary)}</description>
      <content:encoded><![CDATA[${post.html.replace(/]]>/g, ']]]]><![CDATA[>')}]]></content:encoded>
      <enclosure url="${absolute(cover.url)}" length="${cover.bytes}" type="image/jpeg"/>
    </item>`;
  });
  const newest = posts
    .map((post) => post.updated ?? post.published)
    .sort()
    .at(-1);
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/">
  <channel>
    <title>${escape(title)}</title>
    <link>${absolute('/journal/')}</link>
    <atom:link href="${absolute('/journal/feed.xml')}" rel="self" type="application/rss+xml"/>
    <description>${escape(description)}</description>
    <language>en</language>
${newest ? `    <lastBuildDate>${rfc822(newest)}</lastBuildDate>\n` : ''}${items.join('\n')}
  </channel>
</rss>
`;
}
