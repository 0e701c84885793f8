'use client';

import { useSyncExternalStore } from 'react';
import { useCart } from '@/components/cart/cart-provider';
import { approximatePrice } from '@/lib/browser/approx-price';
import { fillIn } from '@/lib/shared/copy';

const never = () => () => {};

/**
 * "about ₹3,380. Charged in USD.": the price in the visitor's money when their browser's language names a region
 * the studio keeps a rate for (content/rates.json); nothing otherwise, and nothing in the HTML (a
 * static page cannot know who reads it). No request leaves the browser.
 */
export function ApproxPrice({ cents, className }: { cents: number; className?: string }) {
  const { currency, money } = useCart();
  const locale = useSyncExternalStore(
    never,
    () => navigator.language,
    () => undefined,
  );
  // Nothing to approximate in an empty cart.
  const price = cents > 0 ? approximatePrice(cents, currency, locale, money.rates) : null;
  if (!price) return null;
  // One text: the web fonts' switch then moves no part of it within its line.
  return (
    <span className={className}>
      {`${fillIn(money.approximately, { price })}. ${fillIn(money.chargedIn, { currency })}`}
    </span>
  );
}
