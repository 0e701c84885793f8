// A booking's life, in one place, as server/orders/states.ts is an order's: its states, the moves
// between them, and what each state allows. The store writes no status that is not a move listed
// here (its UPDATEs carry the guards made below), and the database's CHECK is made from the list.

/**
 * 'draft': the studio's, not sent; 'sent': the couple has their link; 'signed': the contract is
 * signed by every signer, its instalments can be paid; 'cancelling': the studio cancelled it and
 * the refunds its terms give are under way (nothing can be paid any more); 'cancelled': done.
 */
export const BOOKING_STATES = ['draft', 'sent', 'signed', 'cancelling', 'cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATES)[number];

/** Where a booking may go from each state. Nothing leaves 'cancelled'. */
export const BOOKING_TRANSITIONS = {
  draft: ['sent', 'cancelling'],
  sent: ['signed', 'cancelling'],
  signed: ['cancelling'],
  cancelling: ['cancelled'],
  cancelled: [],
} as const satisfies Record<BookingStatus, readonly BookingStatus[]>;

/** What each state allows, asked by every "may it?" of the booking's parts. */
const ALLOWS = {
  /** The studio changes the proposal itself (after signing, events move by addendum). */
  revise: ['draft', 'sent'],
  /** The couple's link is e-mailed (again). */
  send: ['draft', 'sent', 'signed'],
  /**
   * An instalment is paid (through PayPal once signed, which the pay link checks first; a
   * transfer the studio records may come before); an event moves by addendum.
   */
  pay: ['sent', 'signed'],
  move: ['signed'],
  /** The studio cancels (a cancellation that stopped half-way is taken up again). */
  cancel: ['draft', 'sent', 'signed', 'cancelling'],
} as const satisfies Record<string, readonly BookingStatus[]>;

export const bookingMay = (status: BookingStatus, action: keyof typeof ALLOWS) =>
  (ALLOWS[action] as readonly BookingStatus[]).includes(status);

/** The states from which a booking may move to `to`. */
const statesBefore = (to: BookingStatus) =>
  BOOKING_STATES.filter((from) =>
    (BOOKING_TRANSITIONS[from] as readonly BookingStatus[]).includes(to),
  );

const sqlList = (states: readonly string[]) => states.map((state) => `'${state}'`).join(', ');

/** The SQL condition an UPDATE moving a booking to `to` carries: only from the states allowed. */
export const bookingMoveGuard = (to: BookingStatus) => `status IN (${sqlList(statesBefore(to))})`;

/** The SQL condition of a state that allows an action (a payment's INSERT carries it). */
export const bookingMayGuard = (action: keyof typeof ALLOWS) =>
  `status IN (${sqlList(ALLOWS[action])})`;

/** The table's CHECK on the column: no other state can be written. */
export const bookingStateCheck = `status IN (${sqlList(BOOKING_STATES)})`;
