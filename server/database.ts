// The service's database put together from the features' own tables and rows: one SQLite file, a
// restart forgets nothing. Every change of an order's state is one transaction, so a crash leaves
// either all of it (and the outbox sends its e-mails after the restart) or none (and the next
// capture, confirmation or webhook starts afresh).
import { bookingStore } from './booking/store';
import { bookingTables } from './booking/tables';
import { codeStore, codeTables } from './discounts/store';
import { linkStore, linkTables } from './downloads/store';
import { outboxStore, outboxTables } from './mail/outbox-store';
import { orderStore } from './orders/store';
import { orderTables } from './orders/tables';
import { reviewStore, reviewTables } from './reviews/store';
import { openDatabase } from './store';

/** In the order their foreign keys need: what refers to an order after the orders. */
const TABLES = [orderTables, linkTables, outboxTables, codeTables, reviewTables, bookingTables];

export function openStore(file: string) {
  const db = openDatabase(file, TABLES);
  const { takeUse, keepUsePastLimit, ...codes } = codeStore(db);
  const { addLinks, revokeLinks, ...links } = linkStore(db);
  // An e-mail marked sent may deliver its order: the orders' part of that transaction.
  const { addMessages, cancelMessages, replaceWaiting, ...outbox } = outboxStore(
    db,
    (message, now) => sent(message, now),
  );
  const { sent, ...orders } = orderStore(db, {
    links: { addLinks, revokeLinks },
    messages: { addMessages, cancelMessages, replaceWaiting },
    codes: { takeUse, keepUsePastLimit },
  });
  return {
    /** Weddings booked on the site. */
    bookings: bookingStore(db),
    ...orders,
    ...links,
    ...outbox,
    ...codes,
    ...reviewStore(db, { addMessages, cancelMessages, replaceWaiting }),
    close: () => db.close(),
  };
}

export type Store = ReturnType<typeof openStore>;
