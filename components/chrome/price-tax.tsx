import { tax } from '@/lib/content';
import type { PriceTaxes } from '@/lib/inline/price-tax';
import { inlineScript } from '@/lib/inline/script';

/**
 * The tax's name each country's prices include, from the schemes the studio is registered for:
 * "VAT" for Germany, "GST/HST" for Canada, whose provinces differ.
 */
export function priceTaxes(table: typeof tax): PriceTaxes['taxes'] {
  const names = new Map<string, Set<string>>();
  for (const scheme of table.schemes.filter((each) => each.registered)) {
    for (const place of scheme.places) {
      const found = names.get(place.country) ?? new Set();
      names.set(place.country, found.add(place.tax ?? scheme.tax));
    }
  }
  const byTax: PriceTaxes['taxes'] = {};
  for (const [country, taxes] of names) (byTax[[...taxes].join('/')] ??= []).push(country);
  return byTax;
}

/** The price-tax script (lib/inline/price-tax.ts), inline in `<head>`: set before first paint. */
export function PriceTax() {
  const script = inlineScript('price-tax', {
    words: tax.words.withPrice,
    taxes: priceTaxes(tax),
  } satisfies PriceTaxes);
  return <script dangerouslySetInnerHTML={{ __html: script }} />;
}
