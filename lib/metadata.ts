import type { Metadata } from 'next';

/** A page's title, description and canonical address; the root layout adds the rest. */
export function pageMetadata({
  title,
  description,
  path,
  index = true,
}: {
  title: string;
  description: string;
  path: string;
  index?: boolean;
}): Metadata {
  return {
    title,
    description,
    alternates: { canonical: path },
    openGraph: { title, description, url: path },
    robots: index ? undefined : { index: false, follow: true },
  };
}
