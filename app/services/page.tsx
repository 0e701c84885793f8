import Link from 'next/link';
import { PageHeader } from '@/components/ui/page-header';
import { Section } from '@/components/ui/section';
import { pages, services } from '@/lib/content';
import { pageMetadata } from '@/lib/metadata';
import { servicePath } from '@/lib/routes';

export const metadata = pageMetadata({ ...pages.services, path: '/services/' });

export default function ServicesPage() {
  return (
    <>
      <PageHeader heading={pages.services.heading} intro={pages.services.intro} />
      <Section label="Services">
        <ul>
          {services.map((service) => (
            <li key={service.slug}>
              <Link href={servicePath(service)}>{service.name}</Link>
            </li>
          ))}
        </ul>
      </Section>
    </>
  );
}
