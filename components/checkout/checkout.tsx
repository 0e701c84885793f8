'use client';

import { Link } from '@/components/ui/link';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState, useSyncExternalStore, type FormEvent } from 'react';
import { useCart } from '@/components/cart/cart-provider';
import button from '@/components/ui/button.module.css';
import {
  checkoutStep,
  confirmationBody,
  priceChanges,
  validateDetails,
  type Details,
  type DetailsErrors,
} from '@/lib/checkout';
import type { CheckoutCopy } from '@/lib/content';
import { fillIn } from '@/lib/copy';
import { formatPrice } from '@/lib/money';
import { isFundingSource, orderLines, orderTotalCents, type AppliedDiscount } from '@/lib/order';
import {
  createOrder,
  finishPending,
  PENDING_KEY,
  readPending,
  serviceReachable,
  type PendingOrder,
} from '@/lib/order-client';
import { DiscountField } from './discount-field';
import formStyles from '@/components/ui/form.module.css';
import styles from './checkout.module.css';
import { PayPalPayment } from './paypal-payment';

type Props = { copy: CheckoutCopy; paypalClientId: string; apiBaseUrl: string };

const noSubscription = () => () => {};

/** The two-step checkout. It depends on the visitor's cart, so it renders in the browser only. */
export function Checkout(props: Props) {
  const mounted = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  // Tall enough that the footer starts below the first screen: the steps replace the loading note
  // without moving anything the visitor already sees.
  return (
    <div className={styles.checkout}>
      {mounted ? <CheckoutSteps {...props} /> : <p role="status">{props.copy.loadingCart}</p>}
    </div>
  );
}

const fieldNames = ['name', 'email', 'phone', 'address'] as const;

function CheckoutSteps({ copy, paypalClientId, apiBaseUrl }: Props) {
  const { items, catalog, currency, clear, reprice } = useCart();
  const router = useRouter();
  const lines = orderLines(items, catalog);
  const [pending, setPending] = useState<PendingOrder | null>(() =>
    readPending(window.localStorage),
  );
  const [details, setDetails] = useState<Details | null>(null);
  const [editing, setEditing] = useState(true);
  const [errors, setErrors] = useState<DetailsErrors>({});
  const [error, setError] = useState<string | null>(null);
  /** What changed in the cart since the page was built (prices, packs no longer sold). */
  const [notice, setNotice] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  /** Paid, but the studio must finish the order by hand: said instead of any step. */
  const [needsStudio, setNeedsStudio] = useState<string | null>(null);
  // A code applies to the packs it was checked for: a cart that changed since loses it.
  const skus = lines.map((line) => line.slug);
  const [discount, setDiscount] = useState<(AppliedDiscount & { skus: string }) | null>(null);
  const [discountMessage, setDiscountMessage] = useState<string | null>(null);
  const applied = discount?.skus === skus.join(',') ? discount : null;
  const itemTotal = orderTotalCents(lines);
  const payable = itemTotal - (applied?.cents ?? 0);
  /** The discount of the order the service was last asked to create (read when it is approved). */
  const ordered = useRef<{ cents: number; changed: boolean }>({ cents: 0, changed: false });
  /** Whether the order service answers; no payment button is offered while it does not. */
  const [service, setService] = useState<'checking' | 'up' | 'down'>('checking');
  const paymentStep = details !== null && !editing;
  useEffect(() => {
    if (!paymentStep || service !== 'checking') return;
    let live = true;
    void serviceReachable(apiBaseUrl).then((up) => live && setService(up ? 'up' : 'down'));
    return () => {
      live = false;
    };
  }, [paymentStep, service, apiBaseUrl]);

  /** Finishes an approved order; 'restart' when PayPal declined it and the buyer may pay again. */
  const finish = async (body: PendingOrder): Promise<'restart' | void> => {
    setConfirming(true);
    setError(null);
    const result = await finishPending(apiBaseUrl, body);
    setConfirming(false);
    if (!result) {
      setError(copy.messages.confirmationFailed);
      return;
    }
    if (!('final' in result)) {
      clear();
      router.push('/thank-you/');
      return;
    }
    setPending(null);
    if (result.final === 'code-taken') {
      // Nothing was charged; the next tap pays the total without the code.
      setDiscount(null);
      setError(copy.messages.codeTaken);
      return;
    }
    if (result.final === 'refunded') {
      setError(copy.messages.refunded);
      return;
    }
    if (result.final === 'paid-not-delivered') {
      clear();
      setNeedsStudio(
        fillIn(copy.messages.paidNotDelivered, {
          email: body.customerDetails.email,
          orderId: body.orderId,
        }),
      );
      return;
    }
    // Nothing was charged: the buyer is back at the payment step, the cart as it was.
    setError(copy.messages.providerError);
    if (result.final === 'declined') return 'restart';
  };

  const onApprove = async (orderId: string) => {
    if (!details) return;
    const body: PendingOrder = {
      ...confirmationBody(details, lines, orderId, ordered.current.cents),
      via: 'capture',
    };
    try {
      window.localStorage.setItem(PENDING_KEY, JSON.stringify(body));
    } catch {
      // storage disabled: the capture below and PayPal's webhook still deliver
    }
    setPending(body);
    return finish(body);
  };

  const submitDetails = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const result = validateDetails(
      Object.fromEntries(fieldNames.map((name) => [name, String(form.get(name) ?? '')])) as Record<
        (typeof fieldNames)[number],
        string
      >,
    );
    if ('errors' in result) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    setDetails(result.details);
    setEditing(false);
  };

  const step = checkoutStep({
    pending: pending !== null,
    cartSize: items.length,
    hasDetails: details !== null,
    editing,
  });

  if (needsStudio) {
    return (
      <section className={styles.step} aria-labelledby="payment-heading">
        <h2 id="payment-heading">{copy.paymentHeading}</h2>
        <p role="alert" data-testid="payment-error">
          {needsStudio}
        </p>
      </section>
    );
  }

  // An approved order waiting for the service: only its finishing may be repeated.
  if (step === 'pending-confirmation' && pending) {
    return (
      <section className={styles.step} aria-labelledby="payment-heading">
        <h2 id="payment-heading">{copy.paymentHeading}</h2>
        <p>{copy.capturedNote}</p>
        <p className={styles.order}>
          Order {pending.orderId} · {pending.purchasedItems.join(', ')} · {pending.totalAmount}{' '}
          {currency}
        </p>
        {error && (
          <p role="alert" className={styles.paymentError} data-testid="payment-error">
            {error}
          </p>
        )}
        <button
          type="button"
          className={button.primary}
          onClick={() => void finish(pending)}
          disabled={confirming}
        >
          {copy.retryLabel}
        </button>
      </section>
    );
  }

  if (step === 'empty') {
    return (
      <section className={styles.empty}>
        {/* Every pack of the cart was withdrawn while the buyer paid: say so. */}
        {notice && <p role="alert">{notice}</p>}
        <p>{copy.emptyCart}</p>
        <Link className={button.primary} href="/presets/">
          {copy.emptyCartLink}
        </Link>
      </section>
    );
  }

  const total = formatPrice(payable, currency);

  /**
   * Has the service create the order at PayPal at the total shown, the code's use held for it:
   * its id. When the shop's prices are not the page's, the cart takes them and says what changed,
   * and the next tap pays the new total.
   */
  const placeOrder = async (fundingSource: string | undefined) => {
    const created = await createOrder(apiBaseUrl, {
      items: skus,
      shownTotalCents: itemTotal,
      customer: details!,
      ...(applied ? { code: applied.code } : {}),
      ...(isFundingSource(fundingSource) ? { fundingSource } : {}),
    });
    if ('id' in created) {
      ordered.current = { cents: applied?.cents ?? 0, changed: false };
      setNotice(null);
      return created.id;
    }
    ordered.current.changed = true;
    setError(null);
    if ('reason' in created && created.reason === 'unavailable') {
      const names = created.packs.map((pack) => pack.name).join(', ');
      setNotice(fillIn(copy.messages.packUnavailable, { names }));
    } else if ('reason' in created) {
      setNotice(priceChanges(lines, created.packs, currency, copy.messages));
      const sold = new Set(created.packs.map((pack) => pack.slug));
      reprice(
        created.packs,
        skus.filter((slug) => !sold.has(slug)),
      );
      if (applied) {
        setDiscount(null);
        setDiscountMessage(copy.discount.changed);
      }
    } else if (created.problem === 'unreachable') setService('down');
    else {
      setDiscount(null);
      setDiscountMessage(copy.discount.messages[created.problem]);
    }
    throw new Error('The order was not created.');
  };

  if (step === 'details' || !details) {
    return (
      <section className={styles.step} aria-labelledby="details-heading">
        <h2 id="details-heading">{copy.detailsHeading}</h2>
        <form className={formStyles.form} onSubmit={submitDetails} noValidate>
          {fieldNames.map((name) => {
            const id = `checkout-${name}`;
            const Field = name === 'address' ? 'textarea' : 'input';
            return (
              <div
                key={name}
                className={`${formStyles.field} ${name === 'address' ? formStyles.wide : ''}`}
              >
                <label htmlFor={id} className={formStyles.label}>
                  {copy.fields[name]}
                </label>
                <Field
                  id={id}
                  name={name}
                  required
                  className={formStyles.input}
                  defaultValue={details?.[name]}
                  aria-invalid={errors[name] ? true : undefined}
                  aria-describedby={errors[name] ? `${id}-error` : undefined}
                  {...(Field === 'input'
                    ? {
                        type: name === 'email' ? 'email' : 'text',
                        autoComplete: name === 'phone' ? 'tel' : name,
                      }
                    : { rows: 4, autoComplete: 'street-address' })}
                />
                {errors[name] && (
                  <p id={`${id}-error`} className={formStyles.error}>
                    {errors[name]}
                  </p>
                )}
              </div>
            );
          })}
          <button type="submit" className={button.primary}>
            {copy.continueLabel}
          </button>
        </form>
      </section>
    );
  }

  return (
    <section className={styles.step} aria-labelledby="payment-heading">
      <h2 id="payment-heading">{copy.paymentHeading}</h2>
      <div className={styles.summary}>
        <h3>{copy.summaryHeading}</h3>
        <ul aria-label={copy.summaryHeading}>
          {lines.map((line) => (
            <li key={line.slug}>
              <span>{line.name}</span>
              <span>{formatPrice(line.priceCents, currency)}</span>
            </li>
          ))}
        </ul>
        {applied && (
          <p className={styles.discountLine}>
            <span>
              {copy.discount.line} ({applied.code})
            </span>
            <span data-testid="checkout-discount">−{formatPrice(applied.cents, currency)}</span>
          </p>
        )}
        <p className={styles.total}>
          <span>{copy.totalLabel}</span>
          <strong data-testid="checkout-total">{total}</strong>
        </p>
        <DiscountField
          copy={copy.discount}
          apiBaseUrl={apiBaseUrl}
          skus={skus}
          applied={applied}
          message={discount && !applied ? copy.discount.changed : discountMessage}
          onChange={(code, message) => {
            setDiscount(code && { ...code, skus: skus.join(',') });
            setDiscountMessage(message);
          }}
        />
        <p className={styles.buyer}>
          {details.name} · {details.email}
        </p>
        <button type="button" className={button.outline} onClick={() => setEditing(true)}>
          {copy.editDetailsLabel}
        </button>
      </div>
      {notice && (
        <p role="alert" className={styles.paymentError} data-testid="checkout-notice">
          {notice}
        </p>
      )}
      {error && (
        <p role="alert" className={styles.paymentError} data-testid="payment-error">
          {error}
        </p>
      )}
      <div className={styles.paypal}>
        {service === 'down' ? (
          <>
            <p role="alert" className={styles.paymentError} data-testid="service-down">
              {copy.messages.serviceDown}
            </p>
            <button type="button" className={button.outline} onClick={() => setService('checking')}>
              {copy.retryLabel}
            </button>
          </>
        ) : service === 'up' ? (
          <PayPalPayment
            clientId={paypalClientId}
            currency={currency}
            totalCents={payable}
            createOrder={placeOrder}
            scriptFailedMessage={copy.messages.scriptFailed}
            retryLabel={copy.retryLabel}
            loadingLabel={copy.loadingPayPal}
            onApprove={onApprove}
            onProviderError={(cause) => {
              // A code that stopped applying, or the service gone: each is said where it belongs.
              if (ordered.current.changed) return;
              console.error(cause);
              setError(copy.messages.providerError);
            }}
          />
        ) : (
          <p role="status">{copy.loadingPayPal}</p>
        )}
      </div>
    </section>
  );
}
