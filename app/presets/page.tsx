import Link from 'next/link';
import { PageHeader } from '@/components/ui/page-header';
import { Section } from '@/components/ui/section';
import { bundles, pages, presets, site } from '@/lib/content';
import { pageMetadata } from '@/lib/metadata';
import { formatPrice } from '@/lib/money';
import { bundlePath, presetPath } from '@/lib/routes';

export const metadata = pageMetadata({ ...pages.presets, path: '/presets/' });

export default function PresetsPage() {
  return (
    <>
      <PageHeader heading={pages.presets.heading} intro={pages.presets.intro} />
      <Section label="Preset packs">
        <ul>
          {presets.map((preset) => (
            <li key={preset.slug}>
              <Link href={presetPath(preset)}>{preset.name}</Link> —{' '}
              {formatPrice(preset.priceCents, site.currency)}
            </li>
          ))}
          {bundles.map((bundle) => (
            <li key={bundle.slug}>
              <Link href={bundlePath(bundle)}>{bundle.name}</Link>
            </li>
          ))}
        </ul>
      </Section>
    </>
  );
}
