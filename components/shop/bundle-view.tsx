import Link from 'next/link';
import { PageHeader } from '@/components/ui/page-header';
import { Section } from '@/components/ui/section';
import { bundleMembers, site, type Bundle } from '@/lib/content';
import { formatPrice } from '@/lib/money';
import { presetPath } from '@/lib/routes';

export function BundleView({ bundle }: { bundle: Bundle }) {
  const members = bundleMembers(bundle);
  const totalCents = members.reduce((sum, preset) => sum + preset.priceCents, 0);
  return (
    <>
      <PageHeader heading={bundle.name} intro={[bundle.description]} />
      <Section label="Packs in this bundle">
        <ul>
          {members.map((preset) => (
            <li key={preset.slug}>
              <Link href={presetPath(preset)}>{preset.name}</Link> —{' '}
              {formatPrice(preset.priceCents, site.currency)}
            </li>
          ))}
        </ul>
        <p>Together: {formatPrice(totalCents, site.currency)}</p>
      </Section>
    </>
  );
}
