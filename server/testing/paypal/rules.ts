// What PayPal refuses beyond its published schemas (paypal-schemas.ts): Orders v2's business
// rules, and PayPal's error bodies. The fake PayPal answers with them, so that a request the real
// PayPal would refuse fails the tests too.
import { NO_DECIMALS, parseAmount } from '@/lib/shared/money';
import type { PurchaseUnit } from '../../paypal/orders';
import type { SchemaIssue } from './schemas';

/** PayPal's error bodies: INVALID_REQUEST (400) for the schema, UNPROCESSABLE_ENTITY (422). */
export const invalid = (details: SchemaIssue[]) => ({
  name: 'INVALID_REQUEST',
  message: 'Request is not well-formed, syntactically incorrect, or violates schema.',
  details,
});
export const unprocessable = (issue: string, field = '') => ({
  name: 'UNPROCESSABLE_ENTITY',
  message:
    'The requested action could not be performed, semantically incorrect, or failed business validation.',
  details: [{ field, issue }],
});

/**
 * Orders v2's business rules on a created order, beyond its schema: one currency throughout, an
 * amount above zero with the currency's decimals, item_total present with items and equal to their
 * sum, tax_total present with items' tax and equal to its sum, the amount equal to the breakdown
 * (item total + tax total − discount). PayPal's name for the first rule broken, or null.
 */
export function businessIssue(unit: PurchaseUnit): { issue: string; field: string } | null {
  const currency = unit.amount.currency_code;
  const moneys = [
    unit.amount,
    ...Object.values(unit.amount.breakdown ?? {}),
    ...(unit.items ?? []).flatMap((item) => [item.unit_amount, ...(item.tax ? [item.tax] : [])]),
  ];
  if (moneys.some((money) => money?.currency_code !== currency)) {
    return { issue: 'MULTI_CURRENCY_ORDER', field: "/purchase_units/@reference_id=='default'" };
  }
  const decimals = NO_DECIMALS.has(currency) ? 0 : 2;
  if (moneys.some((money) => (money!.value.split('.')[1] ?? '').length > decimals)) {
    return { issue: 'DECIMAL_PRECISION', field: 'amount' };
  }
  const cents = (value: string | undefined) => parseAmount(value ?? '') ?? Number.NaN;
  if (!(cents(unit.amount.value) > 0)) {
    return { issue: 'CANNOT_BE_ZERO_OR_NEGATIVE', field: 'amount/value' };
  }
  const breakdown = unit.amount.breakdown;
  if (unit.items && !breakdown?.item_total) {
    return { issue: 'ITEM_TOTAL_REQUIRED', field: 'amount/breakdown/item_total' };
  }
  if (unit.items) {
    const sum = unit.items.reduce(
      (total, item) => total + cents(item.unit_amount.value) * Number(item.quantity),
      0,
    );
    if (cents(breakdown!.item_total!.value) !== sum) {
      return { issue: 'ITEM_TOTAL_MISMATCH', field: 'amount/breakdown/item_total' };
    }
    // An item's tax asks for the breakdown's tax_total, equal to their sum.
    const taxed = unit.items.filter((item) => item.tax);
    if (taxed.length > 0 && !breakdown!.tax_total) {
      return { issue: 'TAX_TOTAL_REQUIRED', field: 'amount/breakdown/tax_total' };
    }
    const taxSum = taxed.reduce(
      (total, item) => total + cents(item.tax!.value) * Number(item.quantity),
      0,
    );
    if (breakdown!.tax_total && cents(breakdown!.tax_total.value) !== taxSum) {
      return { issue: 'TAX_TOTAL_MISMATCH', field: 'amount/breakdown/tax_total' };
    }
  }
  if (breakdown) {
    const itemTotal = cents(breakdown.item_total?.value ?? '0');
    const taxTotal = cents(breakdown.tax_total?.value ?? '0');
    const discount = cents(breakdown.discount?.value ?? '0');
    if (cents(unit.amount.value) !== itemTotal + taxTotal - discount) {
      return { issue: 'AMOUNT_MISMATCH', field: 'amount/value' };
    }
  }
  return null;
}
