import { PresetTiles } from './preset-tiles';
import { Section } from '@/components/ui/section';
import { shopCopy, type BundleProduct } from '@/lib/content';

/** What a bundle adds to its page: the packs it holds, each leading to its own. */
export function BundleMembers({ bundle }: { bundle: BundleProduct }) {
  return (
    <Section label={shopCopy.bundle.membersLabel}>
      <PresetTiles presets={bundle.packs} label={shopCopy.bundle.membersLabel} />
    </Section>
  );
}
