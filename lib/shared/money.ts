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

/**
 * Each PayPal currency's symbol as Intl's en-US currency format writes it (money.test.ts holds
 * this list to Intl). Written out because a page's first Intl.NumberFormat costs 0.14-0.30 s on a
 * phone (4x CPU), and a first tap on Add to Cart, whose cart shows prices, used to pay it.
 */
const SYMBOLS: Record<string, string> = {
  AUD: 'A$',
  BRL: 'R$',
  CAD: 'CA$',
  CNY: 'CN¥',
  EUR: '€',
  GBP: '£',
  HKD: 'HK$',
  ILS: '₪',
  JPY: '¥',
  MXN: 'MX$',
  NZD: 'NZ$',
  PHP: '₱',
  TWD: 'NT$',
  USD: '$',
};

/** The symbol a price starts with: its code where the currency has none of its own ("CHF"). */
export const currencySymbol = (currency: string) => SYMBOLS[currency] ?? currency;

/** "$39.99 USD": a price as the shop shows it, with its currency. */
export function formatPrice(cents: number, currency: string): string {
  return `${currencySymbol(currency)}${formatAmount(cents, currency)} ${currency}`;
}

/**
 * "CA$9,765.00": an amount as a family reads it (a wedding's pages, e-mails and contract),
 * grouped, its currency said once (Intl's symbol: "CA$", "$", "€", "₹"), in `locale`'s words.
 */
export function formatMoney(cents: number, currency: string, locale = 'en'): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(cents / 100);
}
