// An error of ours while a buyer's order was captured or restored (a disk error, a database that
// lacks what the order names): never a bare 500 for an order PayPal may hold money for.
import { PayPalRefused, PayPalUnavailable } from '../paypal/client';
import { moneyKept } from '../paypal/paid';
import type { Delivery, OrderContext } from './context';

/**
 * The answer when handling a buyer's order failed on our side: PayPal is asked whether it holds
 * money for the order; if so the studio is told once to deliver it by hand and the buyer is told
 * so, else nothing was charged. PayPal unreachable is rethrown (the caller says "try again").
 */
export async function stuck(
  ctx: OrderContext,
  orderId: string,
  email: string | null,
  error: unknown,
): Promise<Delivery> {
  if (error instanceof PayPalUnavailable) throw error;
  const reason = error instanceof Error ? error.message : String(error);
  ctx.log.error({ msg: 'order failed on our side', orderId, error: reason });
  const order = await ctx.paypal.getOrder(orderId).catch((asked: unknown) => {
    if (asked instanceof PayPalUnavailable || asked instanceof PayPalRefused) return null;
    throw asked;
  });
  if (order && moneyKept(order)) {
    return ctx.refuseAfterPayment(orderId, `an error of ours: ${reason}`, email);
  }
  return {
    kind: 'refused',
    status: 422,
    error: 'This order cannot be completed; nothing was charged.',
  };
}
