import { notFound } from 'next/navigation';
import { FilmList } from '@/components/media/film-list';
import { PageHeader } from '@/components/ui/page-header';
import { Section } from '@/components/ui/section';
import { Card, CardGrid, Tile, TileGrid } from '@/components/ui/tiles';
import { filmsOf, getService, pages, services } from '@/lib/content';
import { mediaImage } from '@/lib/media';
import { settings } from '@/lib/settings';
import { breadcrumbData, filmData } from '@/lib/structured-data';
import { JsonLd } from '@/components/ui/json-ld';
import { pageMetadata } from '@/lib/metadata';
import { servicePath } from '@/lib/routes';

type Props = { params: Promise<{ service: string }> };

export const dynamicParams = false;

export function generateStaticParams() {
  return services.map((service) => ({ service: service.slug }));
}

export async function generateMetadata({ params }: Props) {
  const service = getService((await params).service);
  if (!service) return {};
  return pageMetadata({ ...service, path: servicePath(service) });
}

export default async function ServicePage({ params }: Props) {
  const service = getService((await params).service);
  if (!service) notFound();
  return (
    <>
      <JsonLd
        data={breadcrumbData(settings.siteUrl, [
          { name: 'Home', path: '/' },
          { name: pages.services.heading, path: '/services/' },
          { name: service.heading, path: servicePath(service) },
        ])}
      />
      {service.kind === 'films' &&
        filmsOf(service.films).map((film) => (
          <JsonLd
            key={film.youtubeId}
            data={filmData(film, settings.siteUrl, mediaImage(film.poster.src).fallback)}
          />
        ))}
      <PageHeader heading={service.heading} intro={service.intro} eyebrow={service.name} />
      <Section>
        {service.kind === 'projects' && (
          <CardGrid label={service.heading}>
            {service.projects.map((project, index) => (
              <Card key={project.href} {...project} priority={index === 0} />
            ))}
          </CardGrid>
        )}
        {service.kind === 'films' && <FilmList films={filmsOf(service.films)} />}
        {service.kind === 'others' && (
          <TileGrid label={service.heading}>
            {service.offerings.map((offering, index) => (
              <Tile
                key={offering.name}
                image={offering.image}
                title={offering.name}
                priority={index === 0}
              />
            ))}
          </TileGrid>
        )}
      </Section>
    </>
  );
}
