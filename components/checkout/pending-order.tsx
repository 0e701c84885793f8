'use client';

import { usePathname } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { useCart } from '@/components/cart/cart-provider';
import { Link } from '@/components/ui/link';
import button from '@/components/ui/button.module.css';
import type { CheckoutCopy } from '@/lib/content';
import { fillIn } from '@/lib/shared/copy';
import { pendingSummary, readPending } from '@/lib/browser/order-storage';
import styles from './checkout.module.css';

/**
 * Finishes an order that was paid but whose confirmation never reached the service (the tab was
 * closed, the phone died, the network dropped): on the next visit to any page, the kept order is
 * confirmed, the cart emptied and the buyer told. The checkout finishes its own.
 */
export function PendingOrder({
  copy,
  paidNotDelivered,
  apiBaseUrl,
}: {
  copy: CheckoutCopy['recovered'];
  paidNotDelivered: string;
  apiBaseUrl: string;
}) {
  const pathname = usePathname();
  const { clear } = useCart();
  const sending = useRef(false);
  /** What the visitor is told: the order is delivered, or the studio finishes it by hand. */
  const [notice, setNotice] = useState<'finished' | string | null>(null);

  useEffect(() => {
    if (pathname.startsWith('/checkout') || sending.current) return;
    const pending = readPending(window.localStorage);
    if (!pending) return;
    sending.current = true;
    // The order client is loaded only now: most visits have no order to finish.
    void import('@/lib/browser/order-client').then(
      async ({ finishPending }) => {
        const result = await finishPending(apiBaseUrl, pending);
        sending.current = false;
        if (!result) return;
        if (!('final' in result)) {
          clear();
          setNotice('finished');
        } else if (result.final === 'paid-not-delivered') {
          clear();
          setNotice(
            fillIn(paidNotDelivered, {
              email: pendingSummary(pending).email,
              orderId: pending.orderId,
            }),
          );
        }
      },
      () => {
        // The client could not be loaded (offline): like an unreachable service, tried again on
        // the next page.
        sending.current = false;
      },
    );
  }, [pathname, apiBaseUrl, clear, paidNotDelivered]);

  if (!notice || (notice === 'finished' && pathname.startsWith('/thank-you'))) return null;
  const dismiss = () => setNotice(null);
  return (
    <div className={styles.notice} role="status">
      <p>{notice === 'finished' ? copy.message : notice}</p>
      {notice === 'finished' && (
        <Link className={button.primary} href="/thank-you/" onClick={dismiss}>
          {copy.link}
        </Link>
      )}
      <button type="button" className={button.outline} onClick={dismiss}>
        {copy.dismiss}
      </button>
    </div>
  );
}
