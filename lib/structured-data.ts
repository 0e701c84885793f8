import type {
  BreadcrumbList,
  MerchantReturnPolicy,
  Product as SchemaProduct,
  ProfessionalService,
  VideoObject,
  WithContext,
} from 'schema-dts';
import type { Film, Rates, Site, Terms } from '@/lib/content';
import { heldPacks, type Product } from '@/lib/content/products';
import { formatAmount } from '@/lib/shared/money';
import { ratingOf, type PageReviews } from '@/lib/reviews';

const absolute = (siteUrl: string, path: string) => new URL(path, `${siteUrl}/`).toString();

/** Where the shop sells: the studio's country and every region it states prices for. */
export function shopCountries(site: Site, rates: Rates): string[] {
  const countries = [site.location.country, 'US', ...rates.rates.flatMap((rate) => rate.regions)];
  return [...new Set(countries)].slice(0, 50);
}

/**
 * The refund promise of the terms of sale (content/terms.json) as a return policy: a full refund
 * within the days the pages state, nothing to send back (the files are digital).
 */
export function returnPolicy(terms: Terms, countries: string[]): MerchantReturnPolicy {
  return {
    '@type': 'MerchantReturnPolicy',
    applicableCountry: countries,
    returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
    merchantReturnDays: terms.refundDays,
    refundType: 'https://schema.org/FullRefund',
    returnFees: 'https://schema.org/FreeReturn',
  };
}

/** The studio as a local professional service, with the shop's return policy. */
export function studioData(
  site: Site,
  siteUrl: string,
  image: string,
  policy: MerchantReturnPolicy,
): WithContext<ProfessionalService> {
  return {
    '@context': 'https://schema.org',
    '@type': 'ProfessionalService',
    name: site.name,
    description: site.description,
    url: `${siteUrl}/`,
    image: absolute(siteUrl, image),
    email: site.email,
    telephone: site.phone,
    address: {
      '@type': 'PostalAddress',
      addressLocality: site.location.city,
      addressRegion: site.location.region,
      addressCountry: site.location.country,
    },
    areaServed: site.areaServed,
    sameAs: site.socials.map((social) => social.url),
    hasMerchantReturnPolicy: policy,
  };
}

/**
 * Something the shop sells (lib/content/products.ts), as a product offered on its page at its
 * price, under the shop's return policy, with the reviews its page shows; a product that holds
 * packs is related to each of them.
 */
export function productData(
  item: Product,
  site: Site,
  siteUrl: string,
  path: string,
  image: string,
  policy: MerchantReturnPolicy,
  shown: PageReviews,
): WithContext<SchemaProduct> {
  const held = heldPacks(item);
  return {
    ...reviewData(item.slug, shown),
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: item.name,
    description: item.description,
    image: absolute(siteUrl, image),
    sku: item.slug,
    brand: { '@type': 'Brand', name: site.name },
    offers: {
      '@type': 'Offer',
      url: absolute(siteUrl, path),
      price: formatAmount(item.priceCents),
      priceCurrency: site.currency,
      availability: 'https://schema.org/InStock',
      hasMerchantReturnPolicy: policy,
    },
    ...(held.length > 0 && {
      isRelatedTo: held.map((pack) => ({ '@type': 'Product', name: pack.name, sku: pack.slug })),
    }),
  };
}

/**
 * The reviews of this very item that its page shows, as its markup: each review, and the rating
 * from the same records and rule as the page's. The page of a product that holds packs shows its
 * packs' reviews, which are not the product's: Google's review snippets want reviews of the item
 * marked up, so its markup carries none of them. Nothing when none is shown.
 */
function reviewData(
  slug: string,
  shown: PageReviews,
): Pick<SchemaProduct, 'review' | 'aggregateRating'> {
  const reviews = shown.reviews.filter((review) => review.pack === slug);
  if (reviews.length === 0) return {};
  const rating = ratingOf(reviews);
  return {
    review: reviews.map((review) => ({
      '@type': 'Review',
      name: review.title,
      reviewBody: review.text,
      datePublished: review.received,
      author: { '@type': 'Person', name: review.name },
      reviewRating: {
        '@type': 'Rating',
        ratingValue: review.rating,
        bestRating: 5,
        worstRating: 1,
      },
    })),
    ...(rating && {
      aggregateRating: {
        '@type': 'AggregateRating',
        ratingValue: rating.average,
        reviewCount: rating.count,
        bestRating: 5,
        worstRating: 1,
      },
    }),
  };
}

/** A film as a video, with its local poster and the privacy-enhanced player. */
export function filmData(film: Film, siteUrl: string, poster: string): WithContext<VideoObject> {
  return {
    '@context': 'https://schema.org',
    '@type': 'VideoObject',
    name: film.title,
    description: film.description,
    thumbnailUrl: absolute(siteUrl, poster),
    uploadDate: film.uploaded,
    duration: film.duration,
    embedUrl: `https://www.youtube-nocookie.com/embed/${film.youtubeId}`,
    contentUrl: `https://www.youtube.com/watch?v=${film.youtubeId}`,
  };
}

/** The trail from the home page to a nested page. */
export function breadcrumbData(
  siteUrl: string,
  trail: { name: string; path: string }[],
): WithContext<BreadcrumbList> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((step, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: step.name,
      item: absolute(siteUrl, step.path),
    })),
  };
}
