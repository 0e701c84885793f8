import { AddAllToCartButton } from '@/components/cart/cart-panel';
import { PresetTiles } from './preset-tiles';
import { PageHeader } from '@/components/ui/page-header';
import { Section } from '@/components/ui/section';
import { JsonLd } from '@/components/ui/json-ld';
import { bundleMembers, shopCopy, site, type Bundle } from '@/lib/content';
import { fillIn } from '@/lib/shared/copy';
import { mediaImage } from '@/lib/media';
import { formatPrice } from '@/lib/shared/money';
import { bundlePath } from '@/lib/routes';
import { settings } from '@/lib/settings';
import { bundleData } from '@/lib/structured-data';

export function BundleView({ bundle }: { bundle: Bundle }) {
  const members = bundleMembers(bundle);
  const totalCents = members.reduce((sum, preset) => sum + preset.priceCents, 0);
  return (
    <>
      <JsonLd
        data={bundleData(
          bundle,
          members,
          site,
          settings.siteUrl,
          bundlePath(bundle),
          mediaImage(bundle.image.src).fallback,
        )}
      />
      <PageHeader
        heading={bundle.name}
        eyebrow={fillIn(shopCopy.bundle.eyebrow, {
          count: members.length,
          price: formatPrice(totalCents, site.currency),
        })}
        intro={[bundle.description]}
      />
      <Section>
        <p style={{ textAlign: 'center', marginTop: 0 }}>
          <AddAllToCartButton slugs={members.map((preset) => preset.slug)} />
        </p>
        <PresetTiles presets={members} label={shopCopy.bundle.membersLabel} opensPage />
      </Section>
    </>
  );
}
