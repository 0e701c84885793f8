'use client';

import type { BookingView, InstalmentView } from '@/lib/booking/client';
import { fillIn } from '@/lib/shared/copy';
import { formatMoney } from '@/lib/shared/money';
import { BookingSummary, shortDay } from './booking-summary';
import { styles } from './booking-styles';
import { PayInstalment, type PayingPageProps } from './pay-instalment';
import { useBookingLink } from './use-booking-link';

type Opened = BookingView & { due: InstalmentView };

/**
 * An instalment's own link (/pay/#<token>), e-mailed before it is due: whoever the couple
 * forwards it to pays it through PayPal, their name recorded; paid, the page says so.
 */
export function PayLink({ words, paymentWords, apiBaseUrl, paypalClientId }: PayingPageProps) {
  const { token, view, update, placeholder } = useBookingLink<Opened>(
    words,
    apiBaseUrl,
    'instalment',
  );
  if (!view) return placeholder;
  const { due } = view;
  return (
    <div className={styles.layout}>
      <p className={styles.lead}>
        {view.couple}: {due.label}
        {due.dueOn && <> · {fillIn(words.dueOn, { date: shortDay(due.dueOn) })}</>}
      </p>
      {due.paid ? (
        <p role="status" className={styles.notice}>
          {fillIn(words.receipt, {
            amount: formatMoney(due.cents, view.currency),
            date: shortDay(due.paid.at),
          })}{' '}
          ({due.paid.payer})
        </p>
      ) : view.status === 'signed' ? (
        <PayInstalment
          token={token}
          instalment={due}
          currency={view.currency}
          payerName=""
          words={words}
          paymentWords={paymentWords}
          apiBaseUrl={apiBaseUrl}
          paypalClientId={paypalClientId}
          onPaid={(paid) => {
            const now = paid.instalments.find((each) => each.id === due.id)!;
            update({ ...view, ...paid, due: now });
          }}
        />
      ) : (
        <p className={styles.notice}>{words.cancelled}</p>
      )}
      <BookingSummary view={view} words={words} />
    </div>
  );
}
