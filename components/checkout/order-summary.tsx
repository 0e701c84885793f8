import type { ReactNode } from 'react';
import { useCart } from '@/components/cart/cart-provider';
import { ApproxPrice } from '@/components/shop/approx-price';
import { Link } from '@/components/ui/link';
import { fillIn } from '@/lib/shared/copy';
import { formatPrice } from '@/lib/shared/money';
import type { OrderLine } from '@/lib/shared/order';
import styles from './checkout.module.css';

/** How the buyer pays and the terms they buy under, said on both steps of the checkout. */
export type SaleWords = { payment: string; termsLink: string };

/** An item's name, and for one that holds packs, "With Stoic Pack, Regal Tones" under it. */
export function LineName({ name, packs }: { name: string; packs?: readonly string[] }) {
  const { copy } = useCart();
  return (
    <span>
      {name}
      {packs && (
        <small className={styles.members}>
          {fillIn(copy.bundleOf, { names: packs.join(', ') })}
        </small>
      )}
    </span>
  );
}

/**
 * The order as it will be charged: its items (one that holds packs with its packs), what comes
 * between them and the total (`children`: a discount), the total, the price in the visitor's
 * money, how they pay and the terms.
 */
export function OrderSummary({
  heading,
  totalLabel,
  lines,
  totalCents,
  sale,
  children,
  after,
  taxLine,
  level = 3,
}: {
  heading: string;
  /** Its heading's level: 2 where it stands beside the step (the details), 3 inside it. */
  level?: 2 | 3;
  totalLabel: string;
  lines: readonly OrderLine[];
  totalCents: number;
  sale: SaleWords;
  children?: ReactNode;
  /** Below the terms (the discount field, the buyer). */
  after?: ReactNode;
  /** Under the total: the tax it includes where the buyer is. */
  taxLine?: ReactNode;
}) {
  const { currency } = useCart();
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <div className={styles.summary}>
      <Heading className={styles.summaryHeading}>{heading}</Heading>
      <ul aria-label={heading}>
        {lines.map((line) => (
          <li key={line.slug}>
            <LineName name={line.name} packs={line.members?.map((member) => member.name)} />
            <span>{formatPrice(line.priceCents, currency)}</span>
          </li>
        ))}
      </ul>
      {children}
      <p className={styles.total}>
        <span>{totalLabel}</span>
        <strong data-testid="checkout-total">{formatPrice(totalCents, currency)}</strong>
      </p>
      {taxLine}
      <ApproxPrice cents={totalCents} className={styles.approx} />
      <p className={styles.sale}>
        {sale.payment}. <Link href="/terms/">{sale.termsLink}</Link>
      </p>
      {after}
    </div>
  );
}
