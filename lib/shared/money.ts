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

/** "39.99": the amount with two decimals, as payment providers expect it. */
export function formatAmount(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
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
