import { Link } from '@/components/ui/link';
import { PresetTiles } from './preset-tiles';
import { BuyBox } from './buy-box';
import { PageHeader } from '@/components/ui/page-header';
import { Section } from '@/components/ui/section';
import { JsonLd } from '@/components/ui/json-ld';
import { bundleMembers, bundleSavingCents, shopCopy, site, type Bundle } from '@/lib/content';
import { fillIn } from '@/lib/shared/copy';
import { mediaImage } from '@/lib/media';
import { bundlePath } from '@/lib/routes';
import { shopReturnPolicy } from '@/lib/catalog';
import { settings } from '@/lib/settings';
import { bundleData } from '@/lib/structured-data';
import styles from './bundle-view.module.css';
import button from '@/components/ui/button.module.css';

export function BundleView({ bundle }: { bundle: Bundle }) {
  const members = bundleMembers(bundle);
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
          shopReturnPolicy(),
        )}
      />
      <PageHeader
        heading={bundle.name}
        eyebrow={fillIn(shopCopy.bundle.tileLabel, { count: members.length })}
        intro={[bundle.description]}
      />
      <Section>
        <div className={styles.buy}>
          <BuyBox
            slug={bundle.slug}
            priceCents={bundle.priceCents}
            savesCents={bundleSavingCents(bundle)}
            presetCount={members.reduce((sum, preset) => sum + preset.presetCount, 0)}
          >
            <Link className={button.outline} href="/presets/">
              {shopCopy.pack.shopLink}
            </Link>
          </BuyBox>
        </div>
        <PresetTiles presets={members} label={shopCopy.bundle.membersLabel} opensPage />
      </Section>
    </>
  );
}
