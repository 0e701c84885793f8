// The orders the site's checkout creates and captures, and the links a buyer asks for again.
// Written as one chain, so that its type is the browser's typed client (lib/browser/order-client.ts).
import { Hono, type Context } from 'hono';
import {
  allOrdersSchema,
  captureSchema,
  newOrderSchema,
  orderIdSchema,
  resendSchema,
  type AcceptedAnswer,
  type CaptureRefusedAnswer,
  type CodeRefusedAnswer,
  type CreatedAnswer,
  type DeliveredAnswer,
  type FreshLinksRefusedAnswer,
  type NotCreatedAnswer,
  type PendingAnswer,
  type PlaceRefusedAnswer,
  type VatChangedAnswer,
} from './contract';
import type { CaptureOutcome } from '@/lib/shared/order';
import { jsonBody, problem, type Env } from '../http';
import type { Log } from '../log';
import type { OrderService } from '../orders';
import { PayPalRefused, PayPalUnavailable } from '../paypal/client';
import { LINK_EMAILS_PER_HOUR, type FreshLinks, type Recovery } from '../orders/recovery';
import type { OrderRecord } from '../orders/records';
import { taxStatement } from '../tax/order-tax';

/** The answer when fresh links were sent. */
export const FRESH_LINKS_SENT = 'Fresh links are on their way to the address of the order.';

/** What the buyer's browser gets for a delivered order: where the e-mail went, the links. */
export const receipt = (
  orders: OrderService,
  order: OrderRecord,
  created: boolean,
): DeliveredAnswer => {
  const downloads = orders.downloads(order);
  const statement = taxStatement(order.tax);
  return {
    ok: true,
    orderId: order.id,
    email: order.email,
    totalCents: order.totalCents,
    lines: order.lines.map((line) => ({
      name: line.name,
      priceCents: line.priceCents,
      ...(line.members ? { packs: line.members.map((member) => member.name) } : {}),
    })),
    discount: order.discountCode ? { code: order.discountCode, cents: order.discountCents } : null,
    ...(statement ? { tax: statement } : {}),
    downloads: downloads.map(({ name, url }) => ({ name, url })),
    expiresAt: downloads[0]?.expiresAt ?? 0,
    ...(created ? {} : { alreadyConfirmed: true as const }),
  };
};

/** The answer when PayPal could not be reached: nothing happened, try again. */
export const paypalUnreachable = (c: Context, log: Log, id: string | null, error: Error) => {
  log.error({ msg: 'PayPal unavailable', orderId: id, error: error.message });
  return problem(c, 502, 'We could not reach PayPal. Please try again in a moment.');
};

export function orderRoutes({
  orders,
  recovery,
  log,
  later,
  viewerCountry,
}: {
  orders: OrderService;
  recovery: Recovery;
  log: Log;
  /** The visitor's country from the CDN's header, where a proxy is trusted (`countryOf`). */
  viewerCountry: (c: Context) => string | null;
  /** Runs work after answering, so that the answer says nothing of it. */
  later: (work: () => Promise<void>) => void;
}) {
  const accepted = (c: Context, message: string) =>
    c.json({ ok: true, message } satisfies AcceptedAnswer, 202);

  return (
    new Hono<Env>()
      // The checkout's PayPal button creates its order here: priced from the catalogue the site
      // publishes, at the total the page showed, with the code's use held for it. Nothing is
      // charged until the buyer approves and the capture below runs.
      .post('/', ...jsonBody(newOrderSchema), async (c) => {
        const { items, shownTotalCents, customer, vatCheck, timeZone, code, fundingSource } =
          c.req.valid('json');
        let created;
        try {
          created = await orders.create({
            items,
            shownTotalCents,
            customer,
            vatCheck,
            timeZone,
            code,
            fundingSource,
            viewerCountry: viewerCountry(c),
          });
        } catch (error) {
          if (error instanceof PayPalUnavailable) return paypalUnreachable(c, log, null, error);
          if (!(error instanceof PayPalRefused)) throw error;
          log.error({ msg: 'PayPal refused an order', issue: error.issue, status: error.status });
          return problem(c, 502, 'PayPal did not accept the order. Please try again later.');
        }
        if ('pricesChanged' in created) {
          return problem(c, 409, 'The prices of the shop are not the ones the page showed.', {
            reason: 'prices-changed',
            packs: created.pricesChanged,
          } satisfies Omit<NotCreatedAnswer, 'error'>);
        }
        if ('unavailable' in created) {
          return problem(c, 409, 'A pack in the order cannot be sold yet.', {
            reason: 'unavailable',
            packs: created.unavailable,
          } satisfies Omit<NotCreatedAnswer, 'error'>);
        }
        if ('heldTwice' in created) {
          const names = created.heldTwice.map((pack) => pack.name).join(', ');
          const { cheaper } = created;
          return problem(
            c,
            409,
            `${names} would pay again for a pack of this order.${cheaper ? ` ${cheaper.name} holds them all for less.` : ''}`,
            {
              reason: 'in-bundle',
              packs: created.heldTwice,
              ...(cheaper ? { cheaper } : {}),
            } satisfies Omit<NotCreatedAnswer, 'error'>,
          );
        }
        if ('place' in created) {
          const { reason, name } = created.place;
          return problem(
            c,
            422,
            reason === 'region-needed'
              ? `Please choose your province or state in ${name}.`
              : `The shop cannot sell to buyers in ${name} yet.`,
            { reason, place: name } satisfies Omit<PlaceRefusedAnswer, 'error'>,
          );
        }
        if ('vatChanged' in created) {
          return problem(
            c,
            409,
            'VIES answers otherwise about the VAT number than the page showed.',
            {
              reason: 'vat-changed',
              vatNumber: created.vatChanged,
            } satisfies Omit<VatChangedAnswer, 'error'>,
          );
        }
        if ('problem' in created) {
          return problem(c, 422, 'The discount code does not apply.', {
            reason: created.problem,
          } satisfies Omit<CodeRefusedAnswer, 'error'>);
        }
        const { id, vatNumber } = created;
        return c.json({ id, ...(vatNumber ? { vatNumber } : {}) } satisfies CreatedAnswer, 201);
      })

      // The buyer approved the order in PayPal's window: the payment is captured and the order
      // delivered in one call, whose answer carries the links. Repeating it is safe.
      .post('/:id/capture', ...jsonBody(captureSchema), async (c) => {
        const id = c.req.param('id');
        let result;
        try {
          result = orderIdSchema.safeParse(id).success
            ? await orders.capture(id, c.req.valid('json').email)
            : ({ kind: 'unknown' } as const);
        } catch (error) {
          if (error instanceof PayPalUnavailable) return paypalUnreachable(c, log, id, error);
          throw error;
        }
        const refused = (
          outcome: CaptureOutcome,
          error: string,
          extra: Omit<CaptureRefusedAnswer, 'error' | 'outcome'> = {},
        ) =>
          problem(c, outcome === 'unknown' ? 404 : outcome === 'code-taken' ? 409 : 422, error, {
            outcome,
            ...extra,
          } satisfies Omit<CaptureRefusedAnswer, 'error'>);
        switch (result.kind) {
          case 'declined':
            return refused('declined', 'PayPal declined the payment; nothing was charged.', {
              restart: result.restart,
            });
          case 'code-taken':
            return refused(
              'code-taken',
              'The discount code was used up by another order; nothing was charged.',
              { code: result.code },
            );
          case 'unavailable':
            return refused(
              'not-charged',
              'A pack in this order is not available right now; nothing was charged.',
            );
          case 'unknown':
            return refused('unknown', 'We do not know this order.');
          case 'refused':
            if (result.paid) {
              return refused(
                'paid-not-delivered',
                'Your payment was received, but the order needs a person.',
              );
            }
            return result.refunded
              ? refused('refunded', 'This payment was refunded; nothing was delivered.')
              : refused('not-charged', 'This order cannot be completed; nothing was charged.');
          case 'pending':
            return c.json(
              { ok: true, orderId: id, pending: true, downloads: [] } satisfies PendingAnswer,
              202,
            );
          case 'delivered':
            return c.json(receipt(orders, result.order, result.created), 200);
        }
      })

      // Fresh links: the answer says what happened (sent, or why not), never "on their way" when
      // nothing was sent. An order the service does not hold is looked up at PayPal first.
      .post('/resend', ...jsonBody(resendSchema), async (c) => {
        const { orderId: id, email } = c.req.valid('json');
        let outcome: FreshLinks;
        try {
          outcome = await recovery.freshLinks(id, email);
        } catch (error) {
          if (error instanceof PayPalUnavailable) return paypalUnreachable(c, log, id, error);
          throw error;
        }
        const refused = <Status extends 404 | 409 | 429>(
          status: Status,
          why: FreshLinksRefusedAnswer['outcome'],
          error: string,
        ) =>
          problem(c, status, error, {
            outcome: why,
          } satisfies Omit<FreshLinksRefusedAnswer, 'error'>);
        switch (outcome) {
          case 'sent':
            return accepted(c, FRESH_LINKS_SENT);
          case 'limited':
            return refused(
              429,
              outcome,
              `This order's links were sent ${LINK_EMAILS_PER_HOUR} times in the last hour: please use the newest e-mail, or try again in an hour.`,
            );
          case 'pending':
            return refused(
              409,
              outcome,
              'PayPal is still processing this payment: your links are e-mailed as soon as it completes.',
            );
          case 'needs-studio':
            return refused(
              409,
              outcome,
              'We found your payment, but this order needs the studio: they have been told and will write to you.',
            );
          case 'not-found':
            return refused(
              404,
              outcome,
              'We found no paid order with this id for this e-mail address. Please check both (the id is in your confirmation e-mail or your PayPal receipt); we have told the studio, who will write to you if they find it.',
            );
        }
      })

      .post('/all', ...jsonBody(allOrdersSchema), (c) => {
        const { email } = c.req.valid('json');
        later(async () => recovery.allOrders(email));
        return accepted(c, 'If this address has orders, they are on their way to it.');
      })
  );
}
