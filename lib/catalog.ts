import { checkoutCopy, presets, site } from '@/lib/content';
import { mediaImage } from '@/lib/media';
import { versioned, type ShopCatalog } from '@/lib/shop-catalog';

/**
 * A pack as the shop sells it: its permanent slug (its address, its id in the cart, in orders and
 * on the download service; kept when the pack is renamed), name, price and a small image.
 */
export type Pack = { slug: string; name: string; priceCents: number; image: string };

/** The shop's catalog for the cart: every pack, with a small image. */
export function shopCatalog(): Pack[] {
  return presets.map((preset) => ({
    slug: preset.slug,
    name: preset.name,
    priceCents: preset.priceCents,
    image: mediaImage(preset.image.src).srcSet.split(' ')[0]!,
  }));
}

/**
 * The catalogue the site publishes at /catalog.json, from which the order service prices, sells
 * and delivers every order: a price or pack changed in content is charged as the site shows it,
 * with no second program to redeploy.
 */
export function publishedCatalog(): ShopCatalog {
  return versioned({
    currency: site.currency,
    studio: { name: site.name, email: site.email },
    packs: presets.map(({ slug, name, priceCents }) => ({ slug, name, priceCents })),
    copy: {
      orderDescription: checkoutCopy.orderDescription,
      license: checkoutCopy.license,
      downloadPage: checkoutCopy.downloadPage,
      email: checkoutCopy.email,
    },
  });
}
