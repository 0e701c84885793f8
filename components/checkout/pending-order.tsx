'use client';

import { usePathname } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { useCart } from '@/components/cart/cart-provider';
import { Link } from '@/components/ui/link';
import button from '@/components/ui/button.module.css';
import type { CheckoutCopy } from '@/lib/content';
import { confirmPending, readPending } from '@/lib/order-service';
import styles from './checkout.module.css';

/**
 * Finishes an order that was paid but whose confirmation never reached the service (the tab was
 * closed, the phone died, the network dropped): on the next visit to any page, the kept order is
 * confirmed, the cart emptied and the buyer told. The checkout finishes its own.
 */
export function PendingOrder({
  copy,
  apiBaseUrl,
}: {
  copy: CheckoutCopy['recovered'];
  apiBaseUrl: string;
}) {
  const pathname = usePathname();
  const { clear } = useCart();
  const sending = useRef(false);
  const [finished, setFinished] = useState(false);

  useEffect(() => {
    if (pathname.startsWith('/checkout') || sending.current) return;
    const pending = readPending(window.localStorage);
    if (!pending) return;
    sending.current = true;
    void confirmPending(apiBaseUrl, pending).then((receipt) => {
      sending.current = false;
      if (!receipt) return;
      clear();
      setFinished(true);
    });
  }, [pathname, apiBaseUrl, clear]);

  if (!finished || pathname.startsWith('/thank-you')) return null;
  return (
    <div className={styles.notice} role="status">
      <p>{copy.message}</p>
      <Link className={button.primary} href="/thank-you/" onClick={() => setFinished(false)}>
        {copy.link}
      </Link>
      <button type="button" className={button.outline} onClick={() => setFinished(false)}>
        {copy.dismiss}
      </button>
    </div>
  );
}
