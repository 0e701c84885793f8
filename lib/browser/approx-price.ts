import 'client-only';
import type { Rates } from '@/lib/content/terms-schema';

export type Rate = Rates['rates'][number];

/**
 * The region the browser's language names ("en-IN" → IN; "hi" → IN by likely subtags), or null.
 * Likely subtags only when the language names no region: a page's first `maximize()` costs
 * 0.02-0.2 s on a phone (4x CPU), which hydrating a price used to pay.
 */
export function regionOf(locale: string | undefined): string | null {
  if (!locale) return null;
  try {
    const tag = new Intl.Locale(locale);
    return tag.region ?? tag.maximize().region ?? null;
  } catch {
    return null;
  }
}

/** An amount rounded as a guess should be: three significant figures, whole units below 100. */
export function roughly(amount: number): number {
  if (amount < 100) return Math.max(1, Math.round(amount));
  const step = 10 ** (Math.floor(Math.log10(amount)) - 2);
  return Math.round(amount / step) * step;
}

/**
 * "₹3,380": a price in the money of the visitor's region, from the studio's rates; null when the
 * region is unknown, has no rate, or pays in the shop's own currency.
 */
export function approximatePrice(
  cents: number,
  shopCurrency: string,
  locale: string | undefined,
  rates: readonly Rate[],
): string | null {
  const region = regionOf(locale);
  const rate = region ? rates.find((each) => each.regions.includes(region)) : undefined;
  if (!rate || rate.currency === shopCurrency) return null;
  return new Intl.NumberFormat(rate.currency === 'INR' ? 'en-IN' : 'en', {
    style: 'currency',
    currency: rate.currency,
    maximumFractionDigits: 0,
  }).format(roughly((cents / 100) * rate.perUnit));
}
