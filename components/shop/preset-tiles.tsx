import { Tile, TileGrid } from '@/components/ui/tiles';
import { site, type Preset } from '@/lib/content';
import { formatPrice } from '@/lib/money';
import { presetPath } from '@/lib/routes';

/** Preset packs as tiles with their prices, each leading to its page. */
export function PresetTiles({ presets, label }: { presets: Preset[]; label: string }) {
  return (
    <TileGrid label={label}>
      {presets.map((preset) => (
        <Tile
          key={preset.slug}
          image={preset.image}
          title={preset.name}
          detail={formatPrice(preset.priceCents, site.currency)}
          href={presetPath(preset)}
        />
      ))}
    </TileGrid>
  );
}
