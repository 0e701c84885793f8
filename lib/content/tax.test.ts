/** @jest-environment node */
import { describe, expect, test } from '@jest/globals';
import libraryRates from 'sales-tax/res/sales_tax_rates.json';
import libraryRegions from 'sales-tax/res/region_countries.json';
import taxFile from '@/content/tax.json';
import { tax } from '@/lib/content';
import { contentFiles } from './files';
import { parseContent } from './parse';

type LibraryRate = {
  type: string;
  rate: number;
  states?: Record<string, { type: string; rate: number }>;
};
const library = libraryRates as unknown as Record<string, LibraryRate>;

/** content/tax.json with one change made to a copy. */
type Place = { country: string; region?: string; name: string; rate: number };
type TaxFile = { schemes: { number: string; registered: boolean; places: Place[] }[] };
function edited(change: (file: TaxFile) => void) {
  const copy = JSON.parse(JSON.stringify(taxFile)) as TaxFile;
  change(copy);
  return copy;
}
const refusal = (data: unknown) => {
  try {
    parseContent(contentFiles.tax.file, contentFiles.tax.schema, data);
  } catch (error) {
    return (error as Error).message;
  }
  return 'accepted';
};

describe('content/tax.json', () => {
  // A rate typed by hand is held to a well-kept table (sales-tax, kept by its users as rates
  // change): a change in either is noticed here, and then checked with the tax authority.
  test.each(
    tax.schemes.flatMap((scheme) =>
      scheme.places.map((place) => [scheme.id, place.name, place] as const),
    ),
  )('%s: the rate in %s is the one sales-tax lists', (_, __, place) => {
    const country = library[place.country]!;
    const provincial = place.region ? country.states?.[place.region] : undefined;
    // Canada's table lists the provincial part of the HST; GST is federal, 5 %, everywhere.
    const expected = provincial?.type === 'hst' ? country.rate + provincial.rate : country.rate;
    expect(place.rate / 100).toBeCloseTo(expected, 6);
  });

  test('the EU scheme covers the 27 member states, and every one of them', () => {
    const oss = tax.schemes.find((scheme) => scheme.id === 'eu-oss')!;
    expect(oss.places.map((place) => place.country).sort()).toEqual(
      [...(libraryRegions as Record<string, string[]>).EU!].sort(),
    );
  });

  test('Canada is listed by province and territory, all 13', () => {
    const canada = tax.schemes.flatMap((scheme) => scheme.places).filter((p) => p.country === 'CA');
    expect(canada.map((place) => place.region).sort()).toEqual([
      'AB',
      'BC',
      'MB',
      'NB',
      'NL',
      'NS',
      'NT',
      'NU',
      'ON',
      'PE',
      'QC',
      'SK',
      'YT',
    ]);
  });

  test('a rate outside 0-30 %, a country in two schemes and a scheme without its number stop the build, naming the field', () => {
    expect(
      refusal(
        edited((file) => {
          file.schemes[0]!.places[10]!.rate = 31;
        }),
      ),
    ).toContain(
      'schemes, entry "EU VAT, non-Union OSS" (#1), field "places[10].rate": must be a rate from 0 to 30 %',
    );
    expect(
      refusal(
        edited((file) => {
          file.schemes[1]!.places.push({ country: 'DE', name: 'Germany', rate: 19 });
        }),
      ),
    ).toContain(
      'field "places": names DE, which "eu-oss" covers already: a country is in one scheme',
    );
    expect(
      refusal(
        edited((file) => {
          file.schemes[2]!.number = ' ';
        }),
      ),
    ).toContain(
      'schemes, entry "India IGST, OIDAR" (#3), field "number": must be the registration number of a scheme the studio is registered for',
    );
    expect(
      refusal(
        edited((file) => {
          file.schemes[3]!.places[0]!.region = 'ON';
        }),
      ),
    ).toContain('duplicates CA-ON');
    // Not registered yet: no number needed, and the checkout refuses the place instead.
    expect(
      refusal(
        edited((file) => {
          file.schemes[1]!.registered = false;
          file.schemes[1]!.number = '';
        }),
      ),
    ).toBe('accepted');
  });
});
