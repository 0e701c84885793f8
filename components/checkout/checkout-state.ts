// The checkout's state and every way it changes, in one reducer: what the buyer typed, the order
// waiting for the service, what the page says, the discount and whether the service answers.
import type { Buyer, BuyerErrors } from '@/lib/shared/checkout';
import type { AppliedDiscount } from '@/lib/shared/order';
import type { BusinessBuyer } from '@/lib/shared/tax';
import type { CaptureOutcome, UnconfirmedOrder, Receipt } from '@/lib/browser/order-client';
import { pendingSummary } from '@/lib/browser/order-storage';

/** A sentence of `copy.messages` the payment step shows as its error. */
export type CheckoutError = 'confirmationFailed' | 'codeTaken' | 'refunded' | 'providerError';

export type CheckoutState = {
  /** An approved order the service has not acknowledged yet: only its finishing is offered. */
  pending: UnconfirmedOrder | null;
  details: Buyer | null;
  editing: boolean;
  errors: BuyerErrors;
  error: CheckoutError | null;
  /** What changed in the cart since the page was built (prices, packs no longer sold). */
  notice: string | null;
  confirming: boolean;
  /** Paid, but the studio must finish the order by hand: said instead of any step. */
  needsStudio: { email: string; orderId: string } | null;
  /** A code as checked for these packs (`skus`): a cart that changed since loses it. */
  discount: (AppliedDiscount & { skus: string }) | null;
  discountMessage: string | null;
  /** Whether the order service answers; no payment button is offered while it does not. */
  service: 'checking' | 'up' | 'down';
  /**
   * What VIES said of the buyer's VAT number as they continued (or, when it has changed since,
   * as the service created the order): said, and the order priced by it, before PayPal.
   */
  business: BusinessBuyer | null;
  /** VIES is being asked about the number: Continue, or "Ask VIES again", waits. */
  askingVies: boolean;
  /** The field the details step opens at (the VAT number, to correct it). */
  focus: 'vatNumber' | null;
};

export type CheckoutAction =
  | {
      type: 'details-checked';
      result: { details: Buyer; business?: BusinessBuyer } | { errors: BuyerErrors };
    }
  /** VIES is asked about the number (as the buyer continues, or asks again). */
  | { type: 'asking-vies' }
  /** VIES's answer about the number, asked again or as the service created the order. */
  | { type: 'vies-answered'; business: BusinessBuyer }
  /** The service will not sell where the buyer said they are: back to the first step, said there. */
  | { type: 'place-refused'; errors: BuyerErrors }
  | { type: 'edit-details'; focus?: 'vatNumber' }
  | { type: 'approved'; pending: UnconfirmedOrder }
  | { type: 'finishing' }
  /** The service's answer to finishing `pending`; null when it could not be asked. */
  | { type: 'finished'; result: Receipt | { final: CaptureOutcome } | null }
  | { type: 'order-created' }
  /** Nothing charged: what to say, and whether the code or the service went away. */
  | {
      type: 'order-refused';
      notice?: string;
      discountMessage?: string;
      serviceDown?: boolean;
    }
  | { type: 'discount'; discount: CheckoutState['discount']; message: string | null }
  | { type: 'service'; status: CheckoutState['service'] }
  | { type: 'provider-error' };

export const initialCheckout = (pending: UnconfirmedOrder | null): CheckoutState => ({
  pending,
  details: null,
  editing: true,
  errors: {},
  error: null,
  notice: null,
  confirming: false,
  needsStudio: null,
  discount: null,
  discountMessage: null,
  service: 'checking',
  business: null,
  askingVies: false,
  focus: null,
});

export function checkoutReducer(state: CheckoutState, action: CheckoutAction): CheckoutState {
  switch (action.type) {
    case 'details-checked':
      return 'errors' in action.result
        ? { ...state, errors: action.result.errors, askingVies: false }
        : {
            ...state,
            errors: {},
            details: action.result.details,
            editing: false,
            business: action.result.business ?? null,
            askingVies: false,
            focus: null,
          };
    case 'asking-vies':
      return { ...state, askingVies: true };
    case 'vies-answered':
      return { ...state, business: action.business, askingVies: false };
    case 'edit-details':
      return { ...state, editing: true, focus: action.focus ?? null };
    case 'place-refused':
      return { ...state, editing: true, errors: action.errors };
    case 'approved':
      return { ...state, pending: action.pending };
    case 'finishing':
      return { ...state, confirming: true, error: null };
    case 'finished':
      return finished({ ...state, confirming: false }, action.result);
    case 'order-created':
      return { ...state, notice: null };
    case 'order-refused':
      return {
        ...state,
        error: null,
        notice: action.notice ?? state.notice,
        ...(action.discountMessage
          ? { discount: null, discountMessage: action.discountMessage }
          : {}),
        ...(action.serviceDown ? { service: 'down' } : {}),
      };
    case 'discount':
      return { ...state, discount: action.discount, discountMessage: action.message };
    case 'service':
      return { ...state, service: action.status };
    case 'provider-error':
      return { ...state, error: 'providerError' };
  }
}

function finished(
  state: CheckoutState,
  result: Receipt | { final: CaptureOutcome } | null,
): CheckoutState {
  // Not asked: the order stays pending, and trying again charges nobody twice.
  if (!result) return { ...state, error: 'confirmationFailed' };
  // Delivered: the page moves on to the thank-you page.
  if (!('final' in result)) return state;
  const settled = { ...state, pending: null };
  switch (result.final) {
    case 'code-taken':
      // Nothing was charged; the next tap pays the total without the code.
      return { ...settled, discount: null, error: 'codeTaken' };
    case 'refunded':
      return { ...settled, error: 'refunded' };
    case 'paid-not-delivered':
      return {
        ...settled,
        needsStudio: state.pending && {
          email: pendingSummary(state.pending).email,
          orderId: state.pending.orderId,
        },
      };
    default:
      // Nothing was charged: the buyer is back at the payment step, the cart as it was.
      return { ...settled, error: 'providerError' };
  }
}
