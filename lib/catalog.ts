import { checkoutCopy, presets, site } from '@/lib/content';
import { mediaImage } from '@/lib/media';
import type { Pack } from '@/lib/shared/cart';
import { versioned, type ShopCatalog } from '@/lib/shared/shop-catalog';

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
