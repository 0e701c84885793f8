/** @jest-environment node */
import { describe, expect, test } from '@jest/globals';
import { films, presets, site } from '@/lib/content';
import { breadcrumbData, filmData, presetData, studioData } from './structured-data';

const siteUrl = 'https://studio.example';

describe('structured data', () => {
  test('the studio with its contact, area and networks', () => {
    expect(studioData(site, siteUrl, '/media/poster.jpg')).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'ProfessionalService',
      name: site.name,
      url: 'https://studio.example/',
      image: 'https://studio.example/media/poster.jpg',
      address: { '@type': 'PostalAddress', addressLocality: 'Vancouver' },
      sameAs: site.socials.map((social) => social.url),
    });
  });

  test('a preset offers its catalog price in the shop currency', () => {
    const preset = presets[2]!;
    expect(
      presetData(preset, site, siteUrl, '/full-item/earthy-tone/', '/media/x.jpg').offers,
    ).toEqual({
      '@type': 'Offer',
      url: 'https://studio.example/full-item/earthy-tone/',
      price: '34.99',
      priceCurrency: 'USD',
      availability: 'https://schema.org/InStock',
    });
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
