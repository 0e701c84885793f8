// An order's life, in one place: the states it can be in and the moves between them. The store
// writes no state change that is not listed here (its UPDATEs carry the guards made below).

/**
 * 'created': the service created it at PayPal, not paid yet; 'paid': PayPal has the money and its
 * links are issued, the buyer's e-mail not yet accepted by the mail server; 'delivered': it was;
 * 'refunded': the payment went back (a refund or a reversal) and its links no longer work.
 */
export const ORDER_STATES = ['created', 'paid', 'delivered', 'refunded'] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/**
 * The states an order is first written in: 'created' by the checkout's order, 'paid' when the
 * service learns of an order a browser created and PayPal says it was paid.
 */
export type FirstState = Extract<OrderState, 'created' | 'paid'>;

/** Where an order may go from each state. Nothing leaves 'refunded'. */
export const TRANSITIONS = {
  created: ['paid', 'refunded'],
  paid: ['delivered', 'refunded'],
  delivered: ['refunded'],
  refunded: [],
} as const satisfies Record<OrderState, readonly OrderState[]>;

/** The states from which an order may move to `to`. */
export const statesBefore = (to: OrderState): OrderState[] =>
  ORDER_STATES.filter((from) => (TRANSITIONS[from] as readonly OrderState[]).includes(to));

const sqlList = (states: readonly string[]) => states.map((state) => `'${state}'`).join(', ');

/** The SQL condition an UPDATE moving an order to `to` carries: only from the states allowed. */
export const moveGuard = (to: OrderState) => `status IN (${sqlList(statesBefore(to))})`;

/** The table's CHECK on the column: no other state can be written. */
export const stateCheck = `status IN (${sqlList(ORDER_STATES)})`;

/** Orders the buyer paid for and still owns: their links may be sent again. */
export const OWNED_STATES = ['paid', 'delivered'] as const satisfies readonly OrderState[];
export const ownedCondition = `status IN (${sqlList(OWNED_STATES)})`;
