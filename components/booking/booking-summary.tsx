// What every booking page shows of a wedding: each event, the money with the tax apart, and the
// payment schedule, each instalment paid, due or late. The couple's, a payer's and the studio's
// pages render it alike from the service's answer.
import type { BookingWords } from '@/lib/booking/content';
import type { BookingView } from '@/lib/booking/client';
import { fillIn } from '@/lib/shared/copy';
import { formatMoney } from '@/lib/shared/money';
import { styles } from './booking-styles';

const fullDate = new Intl.DateTimeFormat('en', { dateStyle: 'full', timeZone: 'UTC' });
const shortDate = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' });

/** "Sunday, September 12, 2027": a day of the booking (YYYY-MM-DD), wherever the reader is. */
export const dayOf = (date: string) => fullDate.format(new Date(`${date}T00:00:00Z`));
export const shortDay = (at: string | number) =>
  shortDate.format(typeof at === 'number' ? new Date(at) : new Date(`${at}T00:00:00Z`));

export function BookingSummary({
  view,
  words,
  headingLevel = 2,
}: {
  view: BookingView;
  words: BookingWords;
  headingLevel?: 2 | 3;
}) {
  const Heading = `h${headingLevel}` as const;
  const money = (cents: number) => formatMoney(cents, view.currency);
  return (
    <>
      <section aria-labelledby="booking-events" className={styles.block}>
        <Heading id="booking-events">{words.events}</Heading>
        <ol className={styles.events}>
          {view.events.map((event) => (
            <li key={event.id} className={styles.event}>
              <p className={styles.eventName}>{event.name}</p>
              <p>
                <time dateTime={event.date}>{dayOf(event.date)}</time>
                <br />
                {[event.venue, event.city].filter(Boolean).join(', ')}
              </p>
              <p className={styles.muted}>
                {event.coverage}
                {event.delivers && <> · {event.delivers}</>}
              </p>
              <p className={styles.price}>{money(event.priceCents)}</p>
            </li>
          ))}
        </ol>
        <dl className={styles.totals}>
          <div>
            <dt>{words.subtotal}</dt>
            <dd>{money(view.money.subtotalCents)}</dd>
          </div>
          {view.tax && (
            <div>
              <dt>
                {fillIn(words.taxLine, { tax: view.tax.name, rate: view.tax.ratePercent })} (
                {view.tax.place})
              </dt>
              <dd>{money(view.money.taxCents)}</dd>
            </div>
          )}
          <div className={styles.total}>
            <dt>{words.total}</dt>
            <dd>{money(view.money.totalCents)}</dd>
          </div>
        </dl>
      </section>
      <section aria-labelledby="booking-schedule" className={styles.block}>
        <Heading id="booking-schedule">{words.schedule}</Heading>
        <table className={styles.schedule}>
          <tbody>
            {view.instalments.map((instalment) => (
              <tr key={instalment.id} data-instalment={instalment.id}>
                <th scope="row">
                  {instalment.label}
                  <span className={styles.muted}>
                    {instalment.dueOn
                      ? fillIn(words.dueOn, { date: shortDay(instalment.dueOn) })
                      : words.dueOnSigning}
                  </span>
                </th>
                <td className={styles.price}>
                  {money(instalment.cents)}
                  {view.tax && instalment.taxCents > 0 && (
                    <span className={styles.muted}>
                      {view.tax.name} {money(instalment.taxCents)}
                    </span>
                  )}
                </td>
                <td>
                  {instalment.paid ? (
                    <span className={styles.paid}>
                      {fillIn(words.paid, { date: shortDay(instalment.paid.at) })}
                      {instalment.paid.refundedCents > 0 && (
                        <span className={styles.muted}>
                          {fillIn(words.refunded, {
                            amount: money(instalment.paid.refundedCents),
                          })}
                        </span>
                      )}
                    </span>
                  ) : instalment.late ? (
                    <span className={styles.late}>{words.late}</span>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </>
  );
}

/** Where the booking stands, in a line: signed, what is paid, what is due next and when. */
export function BookingStatus({ view, words }: { view: BookingView; words: BookingWords }) {
  const money = (cents: number) => formatMoney(cents, view.currency);
  const signed = view.documents.find((doc) => doc.kind === 'contract');
  return (
    <div className={styles.status} role="status" aria-labelledby="booking-where">
      <h2 id="booking-where">{words.where}</h2>
      {view.status === 'cancelled' || view.status === 'cancelling' ? (
        <p>
          {words.cancelled}{' '}
          {view.givenBackCents
            ? fillIn(words.cancelledRefund, { amount: money(view.givenBackCents) })
            : words.cancelledNoRefund}
        </p>
      ) : (
        <ul>
          {view.status === 'sent' && <li>{words.notSigned}</li>}
          {signed && (
            <li>
              {fillIn(words.signed, {
                names: view.signers.map((signer) => signer.name).join(' & '),
                date: shortDay(signed.completedAt),
              })}
            </li>
          )}
          {view.paidCents > 0 && (
            <li>
              {money(view.paidCents)} / {money(view.money.totalCents)}
            </li>
          )}
          {view.status === 'signed' && (
            <li>
              {view.next
                ? fillIn(words.nextDue, {
                    amount: money(view.next.cents),
                    date: view.next.dueOn ? shortDay(view.next.dueOn) : words.dueOnSigning,
                  })
                : words.allPaid}
            </li>
          )}
        </ul>
      )}
    </div>
  );
}
