/** @jest-environment jsdom */
import { describe, expect, test } from '@jest/globals';
import { tax } from '@/lib/content';
import { countryNames } from '@/lib/shared/countries';
import { timeZoneCountries } from '@/lib/node/time-zones';
import { likelyCountry } from './details-step';

describe('where the checkout guesses the buyer is', () => {
  const countries = countryNames();
  const zones = timeZoneCountries(tax.schemes.flatMap((s) => s.places.map((p) => p.country)));
  const guess = (timeZone: string, language: string) =>
    likelyCountry(countries, zones, timeZone, language);

  test('the time zone of a taxed place wins over the language: Lena, en-GB in Berlin, is in Germany', () => {
    expect(guess('Europe/Berlin', 'en-GB')).toBe('DE');
    expect(guess('Asia/Calcutta', 'en-US')).toBe('IN');
    expect(guess('Asia/Kolkata', 'en-GB')).toBe('IN');
    expect(guess('America/Toronto', 'en-US')).toBe('CA');
  });

  test('elsewhere, the language’s region, unless it names a taxed place the time zone says she is not in', () => {
    expect(guess('America/New_York', 'en-US')).toBe('US');
    expect(guess('Australia/Sydney', 'en-AU')).toBe('AU');
    // An English (UK) browser in Sydney: not the UK's VAT; she chooses.
    expect(guess('Australia/Sydney', 'en-GB')).toBe('');
    // UTC says nothing of a place (private browsing reports it): the language stands.
    expect(guess('UTC', 'en-GB')).toBe('GB');
    expect(guess('Etc/UTC', 'de-DE')).toBe('DE');
  });

  test('the table the checkout page carries is small: the taxed places’ zones only', () => {
    expect(JSON.stringify(zones).length).toBeLessThan(4000);
  });
});
