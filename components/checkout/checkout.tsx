'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useReducer, useRef, useSyncExternalStore, type FormEvent } from 'react';
import { useCart } from '@/components/cart/cart-provider';
import '@/lib/browser/zod-jitless';
import { checkoutStep, priceChanges, validateDetails } from '@/lib/shared/checkout';
import type { CheckoutCopy } from '@/lib/content';
import { fillIn } from '@/lib/shared/copy';
import { formatPrice } from '@/lib/shared/money';
import { isFundingSource, orderLines, orderTotalCents } from '@/lib/shared/order';
import {
  checkVatNumber,
  createOrder,
  finishPending,
  serviceReachable,
  type UnconfirmedOrder,
} from '@/lib/browser/order-client';
import { PENDING_KEY, readPending, type PendingCapture } from '@/lib/browser/order-storage';
import {
  placeProblems,
  pricedNet,
  reverseCharges,
  takesVatNumber,
  taxRule,
  type TaxTable,
} from '@/lib/shared/tax';
import type { BuyerErrors } from '@/lib/shared/checkout';
import { checkoutReducer, initialCheckout } from './checkout-state';
import styles from './checkout.module.css';
import { DETAIL_FIELDS, DetailsStep, vatNumberProblem } from './details-step';
import { PaymentStep } from './payment-step';
import type { SaleWords } from './order-summary';
import { EmptyStep, NeedsStudioStep, PendingStep } from './settling-steps';

type Props = {
  copy: CheckoutCopy;
  sale: SaleWords;
  paypalClientId: string;
  apiBaseUrl: string;
  /** The studio's tax schemes and their words (content/tax.json). */
  tax: TaxTable;
  /** Every country the buyer may choose, by name. */
  countries: [string, string][];
  /** Time zone → its country, for the guess of where the buyer is (lib/node/time-zones.ts). */
  timeZones: Record<string, string>;
  studioEmail: string;
};

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

/** The checkout's state (./checkout-state.ts), its talks with the service, and the step shown. */
function CheckoutSteps({
  copy,
  sale,
  paypalClientId,
  apiBaseUrl,
  tax,
  countries,
  timeZones,
  studioEmail,
}: Props) {
  const { items, catalog, currency, clear, reprice, remove } = useCart();
  const router = useRouter();
  const lines = orderLines(items, catalog);
  const [state, dispatch] = useReducer(checkoutReducer, null, () =>
    initialCheckout(readPending(window.localStorage)),
  );
  const { pending, details, discount, service, business } = state;
  const skus = lines.map((line) => line.slug);
  // A business whose VAT number VIES confirmed buys at prices net of its country's VAT.
  const rule = details ? taxRule(tax, details) : null;
  const netOf = business?.check === 'valid' && reverseCharges(rule) ? rule : null;
  const selling = netOf ? pricedNet(lines, netOf.rate, currency) : lines;
  // A code is checked for these packs at these prices: a cart or price that changed loses it.
  const discountKey = [...skus, netOf ? `net-of-${details!.country}` : ''].join(',');
  const applied = discount?.skus === discountKey ? discount : null;
  const itemTotal = orderTotalCents(lines);
  /**
   * The order the service was last asked to create: its discount (read when it is approved) and
   * whether it was refused. PayPal's callbacks read it, and they outlive the render that made them.
   */
  const placed = useRef({ discountCents: 0, refused: false });

  const step = checkoutStep({
    pending: pending !== null,
    cartSize: items.length,
    hasDetails: details !== null,
    editing: state.editing,
  });
  useEffect(() => {
    if (step !== 'payment' || service !== 'checking') return;
    let live = true;
    void serviceReachable(apiBaseUrl).then(
      (up) => live && dispatch({ type: 'service', status: up ? 'up' : 'down' }),
    );
    return () => {
      live = false;
    };
  }, [step, service, apiBaseUrl]);

  /** Finishes an approved order; 'restart' when PayPal declined it and the buyer may pay again. */
  const finish = async (body: UnconfirmedOrder): Promise<'restart' | void> => {
    dispatch({ type: 'finishing' });
    const result = await finishPending(apiBaseUrl, body);
    dispatch({ type: 'finished', result });
    if (result && !('final' in result)) {
      clear();
      router.push('/thank-you/');
    } else if (result?.final === 'paid-not-delivered') clear();
    else if (result?.final === 'declined') return 'restart';
  };

  const onApprove = async (orderId: string) => {
    if (!details) return;
    const body: PendingCapture = {
      via: 'capture',
      orderId,
      email: details.email,
      items: lines.map((line) => line.name),
      totalCents: orderTotalCents(selling) - placed.current.discountCents,
    };
    try {
      window.localStorage.setItem(PENDING_KEY, JSON.stringify(body));
    } catch {
      // storage disabled: the capture below and PayPal's webhook still deliver
    }
    dispatch({ type: 'approved', pending: body });
    return finish(body);
  };

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
      ...(details?.vatNumber && business ? { vatCheck: business.check } : {}),
      // The e-mail gives the links' expiry in the buyer's own time too.
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      ...(applied ? { code: applied.code } : {}),
      ...(isFundingSource(fundingSource) ? { fundingSource } : {}),
    });
    if ('id' in created) {
      placed.current = { discountCents: applied?.cents ?? 0, refused: false };
      dispatch({ type: 'order-created' });
      return created.id;
    }
    placed.current.refused = true;
    if ('vatChanged' in created) {
      // VIES answers otherwise now: said, and the order priced by it, before the buyer pays.
      dispatch({ type: 'vies-answered', business: created.vatChanged });
    } else if ('place' in created) {
      // The shop's tax schemes changed since the page was built: said at the first step.
      dispatch({
        type: 'place-refused',
        errors:
          created.reason === 'region-needed'
            ? { region: tax.words.chooseRegion }
            : { country: fillIn(tax.words.closed, { place: created.place, email: studioEmail }) },
      });
    } else if ('reason' in created && created.reason === 'unavailable') {
      const names = created.packs.map((pack) => pack.name).join(', ');
      dispatch({
        type: 'order-refused',
        notice: fillIn(copy.messages.packUnavailable, { names }),
      });
    } else if ('reason' in created && created.reason === 'in-bundle') {
      // Taken out of the cart: its bundle delivers it; the next tap pays the new total.
      for (const pack of created.packs) remove(pack.slug);
      const names = created.packs.map((pack) => pack.name).join(', ');
      const { cheaper } = created;
      const offer =
        cheaper &&
        fillIn(copy.messages.cheaperBundle, {
          bundle: cheaper.name,
          price: formatPrice(cheaper.priceCents, currency),
        });
      dispatch({
        type: 'order-refused',
        notice: [fillIn(copy.messages.packInBundle, { names }), offer].filter(Boolean).join(' '),
      });
    } else if ('reason' in created) {
      const sold = new Set(created.packs.map((pack) => pack.slug));
      reprice(
        created.packs,
        skus.filter((slug) => !sold.has(slug)),
      );
      dispatch({
        type: 'order-refused',
        notice: priceChanges(lines, created.packs, currency, copy.messages),
        ...(applied ? { discountMessage: copy.discount.changed } : {}),
      });
    } else if (created.problem === 'unreachable') {
      dispatch({ type: 'order-refused', serviceDown: true });
    } else {
      dispatch({ type: 'order-refused', discountMessage: copy.discount.messages[created.problem] });
    }
    throw new Error('The order was not created.');
  };

  const submitDetails = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const typed = Object.fromEntries(
      DETAIL_FIELDS.map((name) => [name, String(form.get(name) ?? '')]),
    ) as Record<(typeof DETAIL_FIELDS)[number], string>;
    const where = {
      country: String(form.get('country') ?? ''),
      region: String(form.get('region') ?? '') || undefined,
    };
    const checked = validateDetails(typed);
    const placeErrors: BuyerErrors = placeProblems(tax, where, studioEmail);
    // A business's VAT number, where the place takes one (the field is there only then).
    const typedNumber = String(form.get('vatNumber') ?? '').trim();
    let vatNumber: string | undefined;
    if (typedNumber && takesVatNumber(tax, where)) {
      const { readVatNumber, formatVatNumber } = await import('@/lib/shared/vat-number');
      const read = readVatNumber(where.country, typedNumber);
      if (read) vatNumber = formatVatNumber(read);
      else placeErrors.vatNumber = vatNumberProblem(tax.words, typedNumber, where.country, tax);
    }
    const errors = { ...('errors' in checked ? checked.errors : {}), ...placeErrors };
    if (!('details' in checked) || Object.keys(placeErrors).length > 0) {
      dispatch({ type: 'details-checked', result: { errors } });
      return;
    }
    const buyer = { ...checked.details, ...where, ...(vatNumber ? { vatNumber } : {}) };
    // VIES is asked now, so that the payment step says its answer (and prices by it) before PayPal.
    if (vatNumber) dispatch({ type: 'asking-vies' });
    const answer = vatNumber && (await checkVatNumber(apiBaseUrl, where.country, vatNumber));
    dispatch({
      type: 'details-checked',
      result: { details: buyer, ...(answer ? { business: answer } : {}) },
    });
  };

  /** VIES asked again about the number (it did not answer before). */
  const askViesAgain = async () => {
    if (!details?.vatNumber || !details.country) return;
    dispatch({ type: 'asking-vies' });
    const answer = await checkVatNumber(apiBaseUrl, details.country, details.vatNumber);
    dispatch({ type: 'vies-answered', business: answer });
  };

  const error = state.error && copy.messages[state.error];
  if (state.needsStudio) return <NeedsStudioStep copy={copy} order={state.needsStudio} />;
  if (step === 'pending-confirmation' && pending) {
    return (
      <PendingStep
        copy={copy}
        pending={pending}
        currency={currency}
        error={error}
        confirming={state.confirming}
        onRetry={() => void finish(pending)}
      />
    );
  }
  if (step === 'empty') return <EmptyStep copy={copy} notice={state.notice} />;
  if (step === 'details' || !details) {
    return (
      <DetailsStep
        copy={copy}
        tax={tax}
        countries={countries}
        timeZones={timeZones}
        studioEmail={studioEmail}
        details={details}
        errors={state.errors}
        askingVies={state.askingVies}
        focus={state.focus}
        lines={lines}
        sale={sale}
        onSubmit={(event) => void submitDetails(event)}
      />
    );
  }
  return (
    <PaymentStep
      copy={copy}
      paypalClientId={paypalClientId}
      apiBaseUrl={apiBaseUrl}
      currency={currency}
      lines={selling}
      details={details}
      tax={tax}
      business={business}
      netOf={netOf}
      askingVies={state.askingVies}
      sale={sale}
      applied={applied}
      discountMessage={discount && !applied ? copy.discount.changed : state.discountMessage}
      notice={state.notice}
      error={error}
      service={service}
      onDiscount={(code, message) =>
        dispatch({ type: 'discount', discount: code && { ...code, skus: discountKey }, message })
      }
      onEditDetails={(focus) => dispatch({ type: 'edit-details', focus })}
      onAskViesAgain={() => void askViesAgain()}
      onRetryService={() => dispatch({ type: 'service', status: 'checking' })}
      placeOrder={placeOrder}
      onApprove={onApprove}
      onProviderError={(cause) => {
        // A code that stopped applying, or the service gone: each is said where it belongs.
        if (placed.current.refused) return;
        console.error(cause);
        dispatch({ type: 'provider-error' });
      }}
    />
  );
}
