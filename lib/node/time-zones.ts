// Which country each time zone is in, for the checkout's guess of where the buyer is (the browser's
// time zone says more of it than its language: an English (UK) browser in Berlin is in Germany).
// Read at build time from the IANA database as countries-and-timezones packs it, and handed to the
// page as data: none of the library reaches a bundle.
import { getAllTimezones } from 'countries-and-timezones';

/**
 * Time zone → the country it is chiefly in (ISO 3166-1 alpha-2), for every zone of the countries
 * given (those the tax table names: where the guess decides a tax), old names too (a browser may
 * still say "Asia/Calcutta"). About 2 KB, carried by the checkout page alone.
 */
export function timeZoneCountries(listed: readonly string[]): Record<string, string> {
  const wanted = new Set(listed);
  return Object.fromEntries(
    Object.values(getAllTimezones({ deprecated: true })).flatMap((zone) => {
      const country = zone.countries[0];
      return country && wanted.has(country) ? [[zone.name, country]] : [];
    }),
  );
}
