/** Whole cents from a decimal amount with at most two decimals, or null when it has more. */
export function toCents(amount: number): number | null {
  const cents = Math.round(amount * 100);
  return Math.abs(cents - amount * 100) < 1e-6 ? cents : null;
}

/** Whole cents from a decimal string as payment providers send it ("39.99", "40"), or null. */
export function parseAmount(value: string): number | null {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(value);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** The currencies PayPal's REST APIs accept (PayPal's "Currency codes" reference). */
export const PAYPAL_CURRENCIES =
  'AUD BRL CAD CNY CZK DKK EUR HKD HUF ILS JPY MYR MXN TWD NZD NOK PHP PLN GBP SGD SEK CHF THB USD'.split(
    ' ',
  );

/** Currencies PayPal takes without decimals (its "Currency codes" reference). */
export const NO_DECIMALS = new Set(['HUF', 'JPY', 'TWD']);

/** A currency's smallest amount at PayPal, in hundredths: 100 for yen, 1 for dollars. */
export const minorUnit = (currency: string) => (NO_DECIMALS.has(currency) ? 100 : 1);

/**
 * "39.99": the amount with the currency's decimals at PayPal, as payment providers expect it
 * ("5000" for yen: amounts are kept in hundredths whatever the currency).
 */
export function formatAmount(cents: number, currency = 'USD'): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  const whole = `${sign}${Math.floor(abs / 100)}`;
  return NO_DECIMALS.has(currency) ? whole : `${whole}.${String(abs % 100).padStart(2, '0')}`;
}

/** Currency symbols by ISO code: building an Intl.NumberFormat costs milliseconds on a phone. */
const symbols = new Map<string, string>();

function currencySymbol(currency: string): string {
  let symbol = symbols.get(currency);
  if (symbol === undefined) {
    symbol =
      new Intl.NumberFormat('en-US', { style: 'currency', currency })
        .formatToParts(0)
        .find((part) => part.type === 'currency')?.value ?? '';
    symbols.set(currency, symbol);
  }
  return symbol;
}

/** "$39.99 USD": a price as the shop shows it, with its currency. */
export function formatPrice(cents: number, currency: string): string {
  return `${currencySymbol(currency)}${formatAmount(cents)} ${currency}`;
}
