import Link from 'next/link';
import { Hero } from '@/components/home/hero';
import { home, pages, site } from '@/lib/content';
import { pageMetadata } from '@/lib/metadata';

export const metadata = {
  ...pageMetadata({ ...pages.home, path: '/' }),
  title: { absolute: `${site.name} — ${pages.home.title}` },
};

export default function HomePage() {
  return (
    <>
      <Hero
        title={pages.home.heading}
        tagline={site.tagline}
        taglines={site.taglines}
        poster={home.hero.poster}
        videos={home.hero.videos}
      />
      <p style={{ textAlign: 'center', margin: '3rem 0' }}>
        <Link href="/lovenotes/">Read love notes from our couples</Link>
      </p>
    </>
  );
}
