import { ParallaxBanner } from '@/components/media/parallax-banner';
import { PageHeader } from '@/components/ui/page-header';
import { Section } from '@/components/ui/section';
import { Tile, TileGrid } from '@/components/ui/tiles';
import { pages, services, site } from '@/lib/content';
import { pageMetadata } from '@/lib/metadata';
import { servicePath } from '@/lib/routes';

export const metadata = pageMetadata({ ...pages.services, path: '/services/' });

export default function ServicesPage() {
  return (
    <>
      <PageHeader heading={pages.services.heading} intro={pages.services.intro} />
      <Section>
        <TileGrid label="Services">
          {services.map((service, index) => (
            <Tile
              key={service.slug}
              image={service.image}
              title={service.name}
              href={servicePath(service)}
              priority={index === 0}
            />
          ))}
        </TileGrid>
      </Section>
      {pages.services.image && (
        <ParallaxBanner
          image={pages.services.image}
          strength={site.constants.parallaxStrength}
          heightPx={site.constants.parallaxBannerHeightPx}
        />
      )}
    </>
  );
}
