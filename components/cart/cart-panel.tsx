'use client';

import { usePathname, useRouter } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { ApproxPrice } from '@/components/shop/approx-price';
import { PriceTaxNote } from '@/components/shop/price-tax-note';
import { Link } from '@/components/ui/link';
import { cheaperWay, lineCount, repeatedPacks, savingCents } from '@/lib/browser/cart';
import { fillIn } from '@/lib/shared/copy';
import { formatPrice } from '@/lib/shared/money';
import { orderLines, orderTotalCents } from '@/lib/shared/order';
import { useCart } from './cart-provider';
import styles from './cart.module.css';
import button from '@/components/ui/button.module.css';

/**
 * The slide-out cart: a modal dialog (Escape closes it, focus stays inside and returns after). Its
 * contents are rendered only while it is open, so that no page hydrates (or formats prices for) a
 * panel nobody has opened.
 */
export function CartPanel({
  note,
  payment,
  termsLink,
}: {
  note: string;
  /** How one pays ("Pay with PayPal: card or PayPal balance"). */
  payment: string;
  termsLink: string;
}) {
  const {
    items,
    catalog,
    currency,
    copy,
    open,
    setOpen,
    remove,
    announcement,
    note: lastAdd,
    switchTo,
  } = useCart();
  const dialog = useRef<HTMLDialogElement>(null);
  const router = useRouter();
  const lines = orderLines(items, catalog);
  const repeated = repeatedPacks(items, catalog);
  const cheaper = cheaperWay(items, catalog);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  const checkout = () => {
    setOpen(false);
    router.push('/checkout/');
  };

  return (
    <>
      <dialog
        ref={dialog}
        className={styles.panel}
        aria-labelledby="cart-title"
        onClose={() => setOpen(false)}
        onClick={(event) => {
          if (event.target === dialog.current) setOpen(false);
        }}
      >
        {open && (
          <div className={styles.inner}>
            <div className={styles.head}>
              <h2 id="cart-title" className={styles.title}>
                {copy.heading}
              </h2>
              <button
                type="button"
                className={button.icon}
                onClick={() => setOpen(false)}
                aria-label={copy.closeLabel}
              >
                ×
              </button>
            </div>
            {lines.length === 0 ? (
              <p className={styles.empty}>{copy.empty}</p>
            ) : (
              <ul className={styles.lines} aria-label={copy.itemsLabel}>
                {lines.map((line) => (
                  <li key={line.slug} className={styles.line}>
                    {/* eslint-disable-next-line @next/next/no-img-element -- a small variant made by scripts/media */}
                    <img
                      src={catalog.get(line.slug)!.image}
                      alt=""
                      width={64}
                      height={80}
                      className={styles.thumb}
                    />
                    <div className={styles.lineText}>
                      <span className={styles.name}>{line.name}</span>
                      {line.members && (
                        <span className={styles.members}>
                          {fillIn(copy.bundleOf, {
                            names: line.members.map((member) => member.name).join(', '),
                          })}
                        </span>
                      )}
                      <span className={styles.price}>
                        {formatPrice(line.priceCents, currency)}
                        <SavingNote slug={line.slug} />
                      </span>
                    </div>
                    <button
                      type="button"
                      className={`${button.text} ${styles.remove}`}
                      onClick={() => remove(line.slug)}
                      aria-label={fillIn(copy.removeLabel, { name: line.name })}
                    >
                      {copy.remove}
                    </button>
                  </li>
                ))}
              </ul>
            )}
            {lastAdd && (
              <p className={styles.repeats} role="note">
                {lastAdd.text}
                {lastAdd.action && (
                  <>
                    {' '}
                    <button
                      type="button"
                      className={`${button.text} ${styles.undo}`}
                      onClick={lastAdd.action.run}
                    >
                      {lastAdd.action.label}
                    </button>
                  </>
                )}
              </p>
            )}
            {cheaper && (
              <p className={styles.repeats} role="note">
                {fillIn(copy.cheaper, {
                  bundle: cheaper.item.name,
                  amount: formatPrice(cheaper.savesCents, currency),
                })}{' '}
                <button
                  type="button"
                  className={`${button.text} ${styles.undo}`}
                  onClick={() => switchTo(cheaper.item.slug)}
                >
                  {fillIn(copy.takeCheaper, { bundle: cheaper.item.name })}
                </button>
              </p>
            )}
            {repeated.length > 0 && (
              <p className={styles.repeats} role="note">
                {fillIn(copy.repeats, { names: repeated.map((pack) => pack.name).join(', ') })}
              </p>
            )}
            <div className={styles.foot}>
              <p className={styles.subtotal}>
                <span>
                  {copy.subtotal}
                  <PriceTaxNote separated className={styles.tax} />
                </span>
                <strong data-testid="cart-subtotal">
                  {formatPrice(orderTotalCents(lines), currency)}
                </strong>
              </p>
              <ApproxPrice cents={orderTotalCents(lines)} className={styles.approx} />
              <p className={styles.note}>
                {payment}. {note}{' '}
                <Link href="/terms/" onClick={() => setOpen(false)}>
                  {termsLink}
                </Link>
              </p>
              <button
                type="button"
                className={`${button.primary} ${styles.checkout}`}
                onClick={checkout}
                disabled={items.length === 0}
              >
                {copy.checkout}
              </button>
            </div>
          </div>
        )}
      </dialog>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
    </>
  );
}

/**
 * The floating cart icon: shown while the panel is closed and the cart holds something, except
 * on the checkout, which shows the order itself (and where the icon would cover its buttons).
 */
export function CartButton() {
  const { items, copy, open, setOpen } = useCart();
  const pathname = usePathname();
  if (open || items.length === 0 || pathname.startsWith('/checkout')) return null;
  const count = lineCount(items);
  return (
    <button
      type="button"
      className={styles.floating}
      onClick={() => setOpen(true)}
      aria-label={fillIn(count === 1 ? copy.openLabelOne : copy.openLabelMany, { count })}
    >
      <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true" focusable="false">
        <path
          d="M6 7h12l-1.2 12.2a1 1 0 0 1-1 .8H8.2a1 1 0 0 1-1-.8zM9 7a3 3 0 0 1 6 0"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
        />
      </svg>
      <span className={styles.badge} aria-hidden="true">
        {count}
      </span>
    </button>
  );
}

/** "Save $24.98": what a bundle saves on its packs one by one; nothing for a pack. */
export function SavingNote({ slug }: { slug: string }) {
  const { catalog, currency, copy } = useCart();
  const pack = catalog.get(slug);
  const saves = pack ? savingCents(pack, catalog) : 0;
  if (saves === 0) return null;
  return (
    <span className={styles.save}>
      {' '}
      {fillIn(copy.save, { amount: formatPrice(saves, currency) })}
    </span>
  );
}

/** Adds one pack or bundle (by slug) to the cart; from inside a dialog (the quick view), closes it first. */
export function AddToCartButton({ slug, className }: { slug: string; className?: string }) {
  const { add, copy } = useCart();
  return (
    <button
      type="button"
      className={className ?? button.primary}
      onClick={(event) => {
        event.currentTarget.closest('dialog')?.close();
        add(slug);
      }}
    >
      {copy.addToCart}
    </button>
  );
}
