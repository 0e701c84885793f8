import { notFound } from 'next/navigation';
import { PageHeader } from '@/components/ui/page-header';
import { Section } from '@/components/ui/section';
import { SiteLink } from '@/components/ui/site-link';
import { filmsOf, getService, services } from '@/lib/content';
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
      <PageHeader heading={service.heading} intro={service.intro} eyebrow={service.name} />
      <Section label={service.heading}>
        <ul>
          {service.kind === 'projects' &&
            service.projects.map((project) => (
              <li key={project.href}>
                <SiteLink href={project.href}>{project.title}</SiteLink>: {project.description}
              </li>
            ))}
          {service.kind === 'films' &&
            filmsOf(service.films).map((film) => <li key={film.youtubeId}>{film.title}</li>)}
          {service.kind === 'others' &&
            service.offerings.map((offering) => <li key={offering.name}>{offering.name}</li>)}
        </ul>
      </Section>
    </>
  );
}
