import { PageHeader } from '@/components/ui/page-header';
import { Section } from '@/components/ui/section';
import { Tile, TileGrid } from '@/components/ui/tiles';
import { bundles, pages, presets, site } from '@/lib/content';
import { pageMetadata } from '@/lib/metadata';
import { formatPrice } from '@/lib/money';
import { bundlePath, presetPath } from '@/lib/routes';

export const metadata = pageMetadata({ ...pages.presets, path: '/presets/' });

export default function PresetsPage() {
  return (
    <>
      <PageHeader heading={pages.presets.heading} intro={pages.presets.intro} />
      <Section>
        <TileGrid label="Presets and bundles">
          {presets.map((preset) => (
            <Tile
              key={preset.slug}
              image={preset.image}
              title={preset.name}
              detail={formatPrice(preset.priceCents, site.currency)}
              href={presetPath(preset)}
            />
          ))}
          {bundles.map((bundle) => (
            <Tile
              key={bundle.slug}
              image={bundle.image}
              title={bundle.name}
              detail="Bundle"
              href={bundlePath(bundle)}
            />
          ))}
        </TileGrid>
      </Section>
    </>
  );
}
