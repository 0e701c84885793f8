import button from '@/components/ui/button.module.css';
import type { Buyer } from '@/lib/shared/checkout';
import type { CheckoutCopy } from '@/lib/content';
import { formatPrice } from '@/lib/shared/money';
import { orderTotalCents, type AppliedDiscount, type OrderLine } from '@/lib/shared/order';
import type { CheckoutState } from './checkout-state';
import styles from './checkout.module.css';
import { DiscountField } from './discount-field';
import { OrderSummary, type SaleWords } from './order-summary';
import { PayPalPayment } from './paypal-payment';
import { TaxIncluded } from './tax-included';
import {
  businessLine,
  type BusinessBuyer,
  type TaxRule,
  type TaxTable,
  type TaxWords,
} from '@/lib/shared/tax';
import { fillIn } from '@/lib/shared/copy';

type Props = {
  copy: CheckoutCopy;
  paypalClientId: string;
  apiBaseUrl: string;
  currency: string;
  lines: OrderLine[];
  details: Buyer;
  tax: TaxTable;
  /** What VIES said of the buyer's VAT number: said before PayPal's buttons. */
  business: BusinessBuyer | null;
  /** Where VIES confirmed it, the place whose VAT the lines (`lines`) are priced net of. */
  netOf: Extract<TaxRule, { kind: 'taxed' }> | null;
  askingVies: boolean;
  sale: SaleWords;
  /** The code that applies to these packs, if any. */
  applied: AppliedDiscount | null;
  discountMessage: string | null;
  notice: string | null;
  error: string | null;
  service: CheckoutState['service'];
  onDiscount(code: AppliedDiscount | null, message: string | null): void;
  onEditDetails(focus?: 'vatNumber'): void;
  onAskViesAgain(): void;
  onRetryService(): void;
  placeOrder(fundingSource: string | undefined): Promise<string>;
  onApprove(orderId: string): Promise<'restart' | void>;
  onProviderError(cause: unknown): void;
};

/** The second step: the order's summary, a code, and PayPal's buttons once the service answers. */
export function PaymentStep({
  copy,
  currency,
  lines,
  details,
  tax,
  business,
  netOf,
  askingVies,
  applied,
  ...props
}: Props) {
  const payable = orderTotalCents(lines) - (applied?.cents ?? 0);
  return (
    <section className={styles.step} aria-labelledby="payment-heading">
      <h2 id="payment-heading">{copy.paymentHeading}</h2>
      <OrderSummary
        heading={copy.summaryHeading}
        totalLabel={copy.totalLabel}
        lines={lines}
        totalCents={payable}
        sale={props.sale}
        taxLine={
          <TaxIncluded
            tax={tax}
            where={details}
            lines={lines}
            discountCents={applied?.cents ?? 0}
            business={business}
          />
        }
        after={
          <>
            <DiscountField
              copy={copy.discount}
              apiBaseUrl={props.apiBaseUrl}
              skus={lines.map((line) => line.slug)}
              {...(netOf ? { pricedNet: details.country } : {})}
              applied={applied}
              message={props.discountMessage}
              onChange={props.onDiscount}
            />
            <p className={styles.buyer}>
              {details.name} · {details.email}
            </p>
            <button type="button" className={button.outline} onClick={() => props.onEditDetails()}>
              {copy.editDetailsLabel}
            </button>
          </>
        }
      >
        {applied && (
          <p className={styles.discountLine}>
            <span>
              {copy.discount.line} ({applied.code})
            </span>
            <span data-testid="checkout-discount">−{formatPrice(applied.cents, currency)}</span>
          </p>
        )}
      </OrderSummary>
      {business && (
        <VatNumberAnswer
          words={tax.words}
          business={business}
          asking={askingVies}
          onCorrect={() => props.onEditDetails('vatNumber')}
          onAskAgain={props.onAskViesAgain}
        />
      )}
      {props.notice && (
        <p role="alert" className={styles.paymentError} data-testid="checkout-notice">
          {props.notice}
        </p>
      )}
      {props.error && (
        <p role="alert" className={styles.paymentError} data-testid="payment-error">
          {props.error}
        </p>
      )}
      <div className={styles.paypal}>
        {props.service === 'down' ? (
          <>
            <p role="alert" className={styles.paymentError} data-testid="service-down">
              {copy.messages.serviceDown}
            </p>
            <button type="button" className={button.outline} onClick={props.onRetryService}>
              {copy.retryLabel}
            </button>
          </>
        ) : props.service === 'up' && !askingVies ? (
          <PayPalPayment
            clientId={props.paypalClientId}
            currency={currency}
            totalCents={payable}
            createOrder={props.placeOrder}
            scriptFailedMessage={copy.messages.scriptFailed}
            retryLabel={copy.retryLabel}
            loadingLabel={copy.loadingPayPal}
            onApprove={props.onApprove}
            onProviderError={props.onProviderError}
          />
        ) : (
          <p role="status">{copy.loadingPayPal}</p>
        )}
      </div>
    </section>
  );
}

/**
 * What VIES said of the buyer's VAT number, before any PayPal button: reverse charged (the prices
 * above are net); not known, with the way back to the number; or no answer, with what paying now
 * means and the way to ask again.
 */
function VatNumberAnswer({
  words,
  business,
  asking,
  onCorrect,
  onAskAgain,
}: {
  words: TaxWords;
  business: BusinessBuyer;
  asking: boolean;
  onCorrect(): void;
  onAskAgain(): void;
}) {
  const { number, check } = business;
  const said = asking
    ? fillIn(words.vatNumberChecking, { number })
    : check === 'valid'
      ? businessLine(words, business)
      : fillIn(check === 'invalid' ? words.vatNumberUnknown : words.vatNumberUnavailable, {
          number,
        });
  return (
    <div
      className={styles.vatAnswer}
      data-testid="vat-answer"
      data-check={asking ? 'asking' : check}
    >
      <p role="status">{said}</p>
      {check !== 'valid' && (
        <p className={styles.vatActions}>
          <button type="button" className={button.outline} onClick={onCorrect}>
            {words.vatNumberCorrect}
          </button>
          {check === 'unavailable' && (
            <button type="button" className={button.outline} onClick={onAskAgain} disabled={asking}>
              {words.vatNumberRetry}
            </button>
          )}
        </p>
      )}
    </div>
  );
}
