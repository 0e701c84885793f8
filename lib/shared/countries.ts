// The countries a buyer may say they are in: ISO 3166-1 alpha-2, as the i18n-iso-countries package
// keeps them, with their English names. For the service's check and the checkout page's build;
// the browser gets the list as the page's props, never this module (its names are 10 KB).
import countries from 'i18n-iso-countries';
import english from 'i18n-iso-countries/langs/en.json' with { type: 'json' };

countries.registerLocale(english);

export const isCountry = (code: string) => /^[A-Z]{2}$/.test(code) && countries.isValid(code);

/** Every country, by its name in English: [code, name], in the order of the names. */
export const countryNames = (): [string, string][] =>
  Object.entries(countries.getNames('en', { select: 'official' })).sort(([, a], [, b]) =>
    a.localeCompare(b, 'en'),
  );

/** A country's name in English ("Germany"), or its code where the list has none. */
export const countryName = (code: string) => countries.getName(code, 'en') ?? code;
