import type { ReactNode } from 'react';
import { AddToCartButton } from '@/components/cart/cart-panel';
import { Link } from '@/components/ui/link';
import { shopCopy, site, terms, type Delivery, type Product } from '@/lib/content';
import { fillIn } from '@/lib/shared/copy';
import { formatPrice } from '@/lib/shared/money';
import { settings } from '@/lib/settings';
import { ApproxPrice } from './approx-price';
import { PriceTaxNote } from './price-tax-note';
import styles from './buy-box.module.css';

/** The licence in two short lists: you may, you may not. */
export function LicenceLists() {
  const { licence } = terms;
  return (
    <>
      <p className={styles.may}>{licence.mayHeading}</p>
      <ul>
        {licence.may.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <p className={styles.may}>{licence.mayNotHeading}</p>
      <ul>
        {licence.mayNot.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </>
  );
}

/**
 * The terms of sale as every buy button states them (content/terms.json), at that button, with
 * what the product delivers in its own words.
 */
export function SaleTerms({ delivers }: { delivers: Delivery }) {
  const words = terms.atButton;
  const { licence } = terms;
  return (
    <section className={styles.terms} aria-labelledby="sale-terms">
      <h2 id="sale-terms" className={styles.termsHeading}>
        {words.heading}
      </h2>
      <dl className={styles.list}>
        <dt>{words.filesLabel}</dt>
        <dd>{delivers.files}</dd>
        <dt>{words.appsLabel}</dt>
        <dd>{delivers.apps}</dd>
        <dt>{words.deliveryLabel}</dt>
        <dd>
          {fillIn(words.delivery, {
            days: settings.links.days,
            downloads: settings.links.downloads,
          })}
        </dd>
        <dt>{words.refundLabel}</dt>
        <dd>{fillIn(words.refund, { days: terms.refundDays })}</dd>
        <dt>{licence.heading}</dt>
        <dd className={styles.licence}>
          <LicenceLists />
        </dd>
      </dl>
      <p className={styles.termsLink}>
        <Link href="/terms/">{words.termsLink}</Link>
      </p>
    </section>
  );
}

/**
 * A product's price (with what it saves, for one that holds packs), the price in the visitor's money,
 * Add to Cart, how one pays, and the terms of sale: what a buyer decides on, in the first screen.
 */
export function BuyBox({
  product: { slug, priceCents, savingCents, delivers },
  children,
}: {
  product: Pick<Product, 'slug' | 'priceCents' | 'savingCents' | 'delivers'>;
  /** Beside Add to Cart (a link back to the shop, say). */
  children?: ReactNode;
}) {
  const words = terms.atButton;
  return (
    <div className={styles.box}>
      <p className={styles.price}>
        {formatPrice(priceCents, site.currency)}
        {savingCents > 0 && (
          <span className={styles.save}>
            {fillIn(shopCopy.cart.save, { amount: formatPrice(savingCents, site.currency) })}
          </span>
        )}
      </p>
      {/*
        Its lines are kept in the static HTML, so that Add to Cart does not move when they fill:
        "Includes VAT" from the first paint, the price in the visitor's money once hydrated.
      */}
      <p className={styles.charged}>
        <PriceTaxNote className={styles.tax} />
        <ApproxPrice cents={priceCents} />
      </p>
      <div className={styles.actions}>
        {children}
        <AddToCartButton slug={slug} />
      </div>
      <p className={styles.payment}>{words.payment}</p>
      <SaleTerms delivers={delivers} />
    </div>
  );
}
