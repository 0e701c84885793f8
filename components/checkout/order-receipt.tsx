'use client';

import { useSyncExternalStore } from 'react';
import button from '@/components/ui/button.module.css';
import { Link } from '@/components/ui/link';
import type { CheckoutCopy } from '@/lib/content';
import { fillIn } from '@/lib/shared/copy';
import { formatPrice } from '@/lib/shared/money';
import type { Receipt } from '@/lib/browser/order-client';
import { isReceiptLine, readReceipt, RECEIPT_KEY } from '@/lib/browser/order-storage';
import { isTaxStatement, statementLines, type StatementWords } from '@/lib/shared/tax';
import styles from './checkout.module.css';
import { LineName } from './order-summary';

const noSubscription = () => () => {};
let cached: { raw: string | null; receipt: Receipt | null } = { raw: null, receipt: null };

/** This tab's last receipt, parsed once per stored value (a stable snapshot for React). */
function storedReceipt(): Receipt | null {
  const raw = window.sessionStorage.getItem(RECEIPT_KEY);
  if (raw !== cached.raw) cached = { raw, receipt: readReceipt(window.sessionStorage) };
  return cached.receipt;
}

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

/**
 * Right after paying, the buyer's downloads at once (the confirmation's answer carries them) and
 * the address the e-mail went to. Nothing renders on a visit without a receipt in this tab.
 */
export function OrderReceipt({
  copy,
  taxWords,
  currency,
  links,
  guideLabel,
}: {
  copy: CheckoutCopy['receipt'];
  taxWords: StatementWords;
  currency: string;
  /** What the links give, as the pack pages state it. */
  links: { downloads: number; days: number };
  /** "Which app do you use?", the install guide on /terms/. */
  guideLabel: string;
}) {
  const receipt = useSyncExternalStore(noSubscription, storedReceipt, () => null);
  if (!receipt) return null;
  // What was bought, as the e-mail lists it: a bundle by its own name, with the packs it holds.
  const lines = Array.isArray(receipt.lines) ? receipt.lines.filter(isReceiptLine) : [];
  return (
    <section
      className={styles.step}
      aria-labelledby={receipt.downloads.length > 0 ? 'downloads-heading' : undefined}
    >
      <p className={styles.buyer} data-testid="receipt-order">
        {copy.orderLabel} {receipt.orderId}
        {receipt.totalCents !== undefined && <> · {formatPrice(receipt.totalCents, currency)}</>}
      </p>
      {lines.length > 0 && (
        <ul className={styles.receiptLines} aria-label={copy.orderLabel}>
          {lines.map((line) => (
            <li key={line.name}>
              <LineName name={line.name} packs={line.packs} />
              <span>{formatPrice(line.priceCents, currency)}</span>
            </li>
          ))}
        </ul>
      )}
      {receipt.pending ? (
        <p role="status">{fillIn(copy.pending, { email: receipt.email })}</p>
      ) : (
        <p>
          {copy.emailSentTo} <strong>{receipt.email}</strong>. {copy.spamHint}
        </p>
      )}
      {receipt.discount && receipt.totalCents !== undefined && (
        <p className={styles.buyer}>
          {copy.discountLabel} ({receipt.discount.code}): −
          {formatPrice(receipt.discount.cents, currency)} · {copy.paidLabel}{' '}
          {formatPrice(receipt.totalCents, currency)}
        </p>
      )}
      {isTaxStatement(receipt.tax) && (
        <p className={styles.buyer} data-testid="receipt-tax">
          {statementLines(taxWords, receipt.tax, currency).join(' · ')}
        </p>
      )}
      {receipt.downloads.length > 0 && (
        <>
          <h2 id="downloads-heading">{copy.downloadsHeading}</h2>
          <ul className={styles.downloads}>
            {receipt.downloads.map((download) => (
              <li key={download.url}>
                <a className={button.outline} href={download.url} download>
                  {copy.downloadLabel} {download.name}
                </a>
              </li>
            ))}
          </ul>
          {receipt.expiresAt > 0 && (
            <p className={styles.buyer}>
              {fillIn(copy.linksNote, links)} {dateFormat.format(receipt.expiresAt)}.
            </p>
          )}
          <p className={styles.buyer}>
            {copy.guideNote} <Link href="/terms/#app-guide">{guideLabel}</Link>
          </p>
        </>
      )}
    </section>
  );
}
