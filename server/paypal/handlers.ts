// What a feature that takes money through PayPal gives the webhooks (routes/webhooks.ts): it
// claims the payments and refunds that are its own, so the webhooks know no feature by name.
// The shop's orders are what no handler claims.
import type { GivenBack } from './refunds';

export interface PaymentHandler {
  /**
   * A PayPal order approved or completed: settled when it is this feature's, answering what was
   * done; null when it is not. `customIds`: the custom_id the event names (the capture's, or
   * each purchase unit's), which may mark it as the feature's before the database is asked.
   */
  paid(orderId: string, customIds: readonly (string | undefined)[]): Promise<string | null>;
  /** Money PayPal gave back: recorded, and true, when the capture was this feature's. */
  givenBack(refund: GivenBack): boolean;
}
