import type { Metadata } from 'next';
import { site } from '@/lib/content';
import { shareImage } from '@/lib/media';

/** How the layout writes a page's title in the browser's tab: "Contact | Saanjh Studio". */
export const TITLE_TEMPLATE = `%s | ${site.name}`;
export const tabTitle = (title: string) => TITLE_TEMPLATE.replace('%s', title);

/** A page's title, description and canonical address; the root layout adds the rest. */
export function pageMetadata({
  title,
  description,
  path,
  index = true,
  image,
  article,
}: {
  title: string;
  description: string;
  path: string;
  index?: boolean;
  /** A photo of media/ for social cards. */
  image?: { src: string; alt: string };
  /** A journal post: its card says it is an article, with its dates (YYYY-MM-DD). */
  article?: { published: string; modified: string };
}): Metadata {
  const card = image && shareImage(image);
  return {
    title,
    description,
    alternates: { canonical: path },
    openGraph: {
      title,
      description,
      url: path,
      siteName: site.name,
      ...(article
        ? { type: 'article', publishedTime: article.published, modifiedTime: article.modified }
        : { type: 'website' }),
      ...(card && { images: [card] }),
    },
    twitter: { card: 'summary_large_image', title, description, ...(card && { images: [card] }) },
    // Search engines may show the photographs large (a wedding studio's work is its pictures).
    robots: index ? { 'max-image-preview': 'large' } : { index: false, follow: true },
  };
}
