import { useCart } from '@/components/cart/cart-provider';
import { minorUnit } from '@/lib/shared/money';
import type { OrderLine } from '@/lib/shared/order';
import {
  includedLine,
  netOfLine,
  splitTax,
  taxRule,
  type BusinessBuyer,
  type Place,
  type TaxTable,
} from '@/lib/shared/tax';
import styles from './checkout.module.css';

/**
 * "Includes VAT (Germany, 19 %): $6.38" under the total, once the buyer's place is taxed: the
 * price stays the one shown, and this says how much of it is tax: line by line, as the service
 * splits the order at PayPal (lib/shared/tax.ts). For a business whose VAT number VIES confirmed,
 * "Prices net of VAT (Germany, 19 %).": the lines are then net. Announced as it changes.
 */
export function TaxIncluded({
  tax,
  where,
  lines,
  discountCents = 0,
  business = null,
}: {
  tax: TaxTable;
  where: Place;
  lines: readonly OrderLine[];
  discountCents?: number;
  business?: BusinessBuyer | null;
}) {
  const { currency } = useCart();
  const rule = where.country ? taxRule(tax, where) : null;
  const reverseCharged = business?.check === 'valid';
  return (
    <p className={styles.taxLine} aria-live="polite" data-testid="checkout-tax">
      {rule?.kind === 'taxed' &&
        !reverseCharged &&
        includedLine(
          tax.words,
          rule,
          splitTax(
            lines.map((line) => line.priceCents),
            discountCents,
            rule.rate,
            minorUnit(currency),
          ).totalTaxCents,
          currency,
        )}
      {rule?.kind === 'taxed' &&
        reverseCharged &&
        netOfLine(tax.words, { tax: rule.tax, place: rule.place.name, rate: rule.rate })}
    </p>
  );
}
