/** @jest-environment node */
import { describe, expect, test } from '@jest/globals';
import { films, productsOf, rates, site, terms } from '@/lib/content';
import {
  breadcrumbData,
  filmData,
  productData,
  returnPolicy,
  shopCountries,
  studioData,
} from './structured-data';

const siteUrl = 'https://studio.example';
const policy = returnPolicy(terms, shopCountries(site, rates));

const none = { reviews: [], rating: null };

describe('structured data', () => {
  test('the studio with its contact, area and networks', () => {
    expect(studioData(site, siteUrl, '/media/poster.jpg', policy)).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'ProfessionalService',
      name: site.name,
      url: 'https://studio.example/',
      image: 'https://studio.example/media/poster.jpg',
      address: { '@type': 'PostalAddress', addressLocality: 'Vancouver' },
      sameAs: site.socials.map((social) => social.url),
      hasMerchantReturnPolicy: policy,
    });
  });

  test('the return policy is the refund promise of the terms: full, within its days, digital', () => {
    expect(policy).toEqual({
      '@type': 'MerchantReturnPolicy',
      applicableCountry: expect.arrayContaining(['CA', 'US', 'IN', 'GB']),
      returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
      merchantReturnDays: terms.refundDays,
      refundType: 'https://schema.org/FullRefund',
      returnFees: 'https://schema.org/FreeReturn',
    });
    expect(returnPolicy({ ...terms, refundDays: 30 }, ['US']).merchantReturnDays).toBe(30);
  });

  test('a bundle offers its own price, below its packs one by one', () => {
    const bundle = productsOf('bundle')[0]!;
    const members = bundle.packs;
    const data = productData(bundle, site, siteUrl, '/b/', '/media/x.jpg', policy, none);
    const offer = data.offers as { price: string; hasMerchantReturnPolicy: unknown };
    expect(Number(offer.price) * 100).toBeCloseTo(bundle.priceCents);
    expect(bundle.priceCents).toBeLessThan(
      members.reduce((sum, preset) => sum + preset.priceCents, 0),
    );
    expect(offer.hasMerchantReturnPolicy).toBe(policy);
    expect(data.isRelatedTo).toEqual(
      members.map((pack) => ({ '@type': 'Product', name: pack.name, sku: pack.slug })),
    );
  });

  test('a preset offers its catalog price in the shop currency', () => {
    const preset = productsOf('pack')[2]!;
    expect(
      productData(preset, site, siteUrl, '/full-item/earthy-tone/', '/media/x.jpg', policy, none)
        .offers,
    ).toEqual({
      '@type': 'Offer',
      url: 'https://studio.example/full-item/earthy-tone/',
      price: '34.99',
      priceCurrency: 'USD',
      availability: 'https://schema.org/InStock',
      hasMerchantReturnPolicy: policy,
    });
  });

  test('reviews are marked up from the records the page shows; the rating only when it states one', () => {
    const preset = productsOf('pack')[0]!;
    const review = (rating: number, name: string) => ({
      pack: preset.slug,
      rating,
      title: `T ${name}`,
      text: 'Ten letters or more.',
      name,
      month: '2026-10',
      received: '2026-10-01',
      published: true,
      sample: false,
    });
    const two = { reviews: [review(5, 'A'), review(3, 'B')], rating: null };
    const data = productData(preset, site, siteUrl, '/p/', '/x.jpg', policy, two);
    expect(data).not.toHaveProperty('aggregateRating');
    expect(data.review).toEqual([
      expect.objectContaining({
        '@type': 'Review',
        name: 'T A',
        author: { '@type': 'Person', name: 'A' },
        datePublished: '2026-10-01',
        reviewRating: { '@type': 'Rating', ratingValue: 5, bestRating: 5, worstRating: 1 },
      }),
      expect.objectContaining({ name: 'T B' }),
    ]);
    const three = {
      reviews: [...two.reviews, review(4, 'C')],
      rating: { average: '4.0', count: 3 },
    };
    expect(
      productData(preset, site, siteUrl, '/p/', '/x.jpg', policy, three).aggregateRating,
    ).toEqual({
      '@type': 'AggregateRating',
      ratingValue: '4.0',
      reviewCount: 3,
      bestRating: 5,
      worstRating: 1,
    });
    const bare = productData(preset, site, siteUrl, '/p/', '/x.jpg', policy, none);
    expect(bare).not.toHaveProperty('review');
    expect(bare).not.toHaveProperty('isRelatedTo');
    // A bundle's page shows its packs' reviews; its markup claims none of them as the bundle's.
    const bundle = productsOf('bundle')[0]!;
    const ofItsPack = { reviews: three.reviews, rating: three.rating };
    const bundled = productData(bundle, site, siteUrl, '/b/', '/x.jpg', policy, ofItsPack);
    expect(bundled).not.toHaveProperty('review');
    expect(bundled).not.toHaveProperty('aggregateRating');
    // The studio itself carries no rating (self-serving reviews are not marked up).
    expect(JSON.stringify(studioData(site, siteUrl, '/x.jpg', policy))).not.toContain('Rating');
  });

  test('a film points at the privacy-enhanced player', () => {
    expect(filmData(films[0]!, siteUrl, '/media/f.jpg')).toMatchObject({
      '@type': 'VideoObject',
      embedUrl: `https://www.youtube-nocookie.com/embed/${films[0]!.youtubeId}`,
    });
  });

  test('breadcrumbs are numbered from 1 with absolute addresses', () => {
    expect(
      breadcrumbData(siteUrl, [
        { name: 'Home', path: '/' },
        { name: 'Presets', path: '/presets/' },
      ]).itemListElement,
    ).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://studio.example/' },
      {
        '@type': 'ListItem',
        position: 2,
        name: 'Presets',
        item: 'https://studio.example/presets/',
      },
    ]);
  });
});
