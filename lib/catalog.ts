import { booking, checkoutCopy, heldPacks, products, rates, site, tax, terms } from '@/lib/content';
import { fillIn } from '@/lib/shared/copy';
import {
  catalogLists,
  licenceLines,
  versioned,
  type SaleTerms,
  type ShopCatalog,
} from '@/lib/node/shop-catalog';
import { settings } from '@/lib/settings';
import { returnPolicy, shopCountries } from '@/lib/structured-data';

/** The refund promise of the terms, as the Product and Organization markup state it. */
export const shopReturnPolicy = () => returnPolicy(terms, shopCountries(site, rates));

/** The terms of sale as every buy button states them, and as each order records them. */
export function saleTerms(): SaleTerms {
  return {
    version: terms.version,
    refundDays: terms.refundDays,
    refund: fillIn(terms.emailRefund, { days: terms.refundDays }),
    mayHeading: terms.licence.mayHeading,
    may: terms.licence.may,
    mayNotHeading: terms.licence.mayNotHeading,
    mayNot: terms.licence.mayNot,
    downloadDays: settings.links.days,
    downloadLimit: settings.links.downloads,
  };
}

/**
 * The catalogue the site publishes at /catalog.json, from which the order service prices, sells
 * and delivers every order: a price or pack changed in content is charged as the site shows it,
 * with no second program to redeploy.
 */
export function publishedCatalog(): ShopCatalog {
  const sale = saleTerms();
  return versioned({
    currency: site.currency,
    studio: { name: site.name, email: site.email },
    ...catalogLists(
      products.map((product) => ({
        slug: product.slug,
        name: product.name,
        priceCents: product.priceCents,
        members: heldPacks(product).map((pack) => pack.slug),
        files: product.delivers.files,
      })),
    ),
    terms: sale,
    tax,
    booking,
    copy: {
      orderDescription: checkoutCopy.orderDescription,
      license: licenceLines(sale),
      downloadPage: checkoutCopy.downloadPage,
      email: checkoutCopy.email,
      reviewEmail: checkoutCopy.reviewEmail,
    },
  });
}
