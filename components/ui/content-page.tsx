import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { pages } from '@/lib/content';
import { pageMetadata } from '@/lib/metadata';
import { isListedPage, pagePath, type PageName } from '@/lib/routes';
import { PageHeader } from './page-header';
import { Section } from './section';

/** A page of content/pages.json's metadata: its title and description, at its address. */
export const contentPageMetadata = (
  name: PageName,
  more: Omit<Parameters<typeof pageMetadata>[0], 'title' | 'description' | 'path'> = {},
): Metadata =>
  pageMetadata({ ...pages[name], path: pagePath(name), index: isListedPage(name), ...more });

/** A page of content/pages.json: its heading and paragraphs, then what it shows. */
export function ContentPage({ name, children }: { name: PageName; children: ReactNode }) {
  const { heading, intro } = pages[name];
  return (
    <>
      <PageHeader heading={heading} intro={intro} />
      <Section>{children}</Section>
    </>
  );
}
