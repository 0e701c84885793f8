import { Link } from '@/components/ui/link';
import button from '@/components/ui/button.module.css';
import type { CheckoutCopy } from '@/lib/content';
import { fillIn } from '@/lib/shared/copy';
import type { UnconfirmedOrder } from '@/lib/browser/order-client';
import { pendingSummary } from '@/lib/browser/order-storage';
import { formatAmount } from '@/lib/shared/money';
import styles from './checkout.module.css';

/** An approved order waiting for the service: only its finishing may be repeated. */
export function PendingStep({
  copy,
  pending,
  currency,
  error,
  confirming,
  onRetry,
}: {
  copy: CheckoutCopy;
  pending: UnconfirmedOrder;
  currency: string;
  error: string | null;
  confirming: boolean;
  onRetry(): void;
}) {
  const order = pendingSummary(pending);
  return (
    <section className={styles.step} aria-labelledby="payment-heading">
      <h2 id="payment-heading">{copy.paymentHeading}</h2>
      <p>{copy.capturedNote}</p>
      <p className={styles.order}>
        Order {order.orderId} · {order.items.join(', ')} · {formatAmount(order.totalCents)}{' '}
        {currency}
      </p>
      {error && (
        <p role="alert" className={styles.paymentError} data-testid="payment-error">
          {error}
        </p>
      )}
      <button type="button" className={button.primary} onClick={onRetry} disabled={confirming}>
        {copy.retryLabel}
      </button>
    </section>
  );
}

/** Paid, but the studio must finish the order by hand: said instead of any step. */
export function NeedsStudioStep({
  copy,
  order,
}: {
  copy: CheckoutCopy;
  order: { email: string; orderId: string };
}) {
  return (
    <section className={styles.step} aria-labelledby="payment-heading">
      <h2 id="payment-heading">{copy.paymentHeading}</h2>
      <p role="alert" data-testid="payment-error">
        {fillIn(copy.messages.paidNotDelivered, order)}
      </p>
    </section>
  );
}

/** Nothing to pay for; `notice` says why when every pack was withdrawn while the buyer paid. */
export function EmptyStep({ copy, notice }: { copy: CheckoutCopy; notice: string | null }) {
  return (
    <section className={styles.empty}>
      {notice && <p role="alert">{notice}</p>}
      <p>{copy.emptyCart}</p>
      <Link className={button.primary} href="/presets/">
        {copy.emptyCartLink}
      </Link>
    </section>
  );
}
