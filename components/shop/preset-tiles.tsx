import { Tile, TileGrid } from '@/components/ui/tiles';
import { site, type Deliverable } from '@/lib/content';
import { formatPrice } from '@/lib/shared/money';
import { productPath } from '@/lib/routes';
import { withRating } from '@/lib/reviews';
import { PriceTaxNote } from './price-tax-note';

/**
 * Preset packs as tiles with their prices, each leading to its page. `opensPage`: the tiles are on
 * the first screen, so the first one's picture loads at once.
 */
export function PresetTiles({
  presets,
  label,
  opensPage = false,
}: {
  presets: Deliverable[];
  label: string;
  opensPage?: boolean;
}) {
  return (
    <TileGrid label={label}>
      {presets.map((preset, index) => (
        <Tile
          key={preset.slug}
          image={preset.image}
          title={preset.name}
          detail={
            <>
              {withRating(formatPrice(preset.priceCents, site.currency), [preset])}
              <PriceTaxNote separated />
            </>
          }
          href={productPath(preset)}
          priority={opensPage && index === 0}
        />
      ))}
    </TileGrid>
  );
}
