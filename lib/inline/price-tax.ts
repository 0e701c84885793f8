/**
 * The tax each price includes where the visitor is: the tax's name by country (a registered
 * scheme's places), and the words said beside a price ("Includes {tax}").
 */
export type PriceTaxes = { words: string; taxes: Record<string, string[]> };

/** The custom property the price's tax line reads (`.price-tax::before`, app/globals.css). */
export const PRICE_TAX_PROPERTY = '--price-tax';

/** Set on `<html>` with it: a line that holds the note keeps room for it (buy-box.module.css). */
export const PRICE_TAX_ATTRIBUTE = 'data-price-tax';

/**
 * "Includes VAT" beside every price, for a visitor whose browser's language names a place the shop
 * taxes (one price everywhere: the tax is in it, as EU and UK rules expect it said). Set before the
 * first paint, into a custom property the price lines' CSS shows, so that nothing moves when it
 * appears, and nothing waits for React. The language's own region only: the likely-subtag guess
 * costs a phone up to 0.2 s (lib/browser/approx-price.ts), and the checkout asks the buyer anyway.
 */
export function priceTax({ words, taxes }: PriceTaxes) {
  let region: string | undefined;
  try {
    region = new Intl.Locale(navigator.language).region;
  } catch {
    return;
  }
  for (const tax in taxes) {
    if (region && taxes[tax]!.indexOf(region) >= 0) {
      const root = document.documentElement;
      root.style.setProperty(PRICE_TAX_PROPERTY, JSON.stringify(words.replace('{tax}', tax)));
      root.setAttribute(PRICE_TAX_ATTRIBUTE, '');
      return;
    }
  }
}
