// Each instalment's link, e-mailed a set number of days before it is due, and a reminder once it
// is late: each once (the notices table keeps its key), whatever restarts.
import { addDays } from '@/lib/booking/schedule';
import { dayOf, instalmentLabel, instalmentsOf } from './contract';
import { today, type BookingContext } from './context';
import * as mail from './mail';

/**
 * Each instalment's link, e-mailed a set number of days before it is due, and a reminder once
 * it is late: once each (the notices table keeps the key), whatever restarts.
 */
export function sendDue(ctx: BookingContext) {
  const { bookings, store, catalog, outbox, now, studio, payUrl } = ctx;
  const loaded = catalog.current()?.booking;
  if (!loaded) return 0;
  let sent = 0;
  const on = today(now());
  for (const booking of bookings.all()) {
    if (booking.status !== 'signed' || booking.withdrawnAt) continue;
    const paid = new Set(bookings.payments(booking.id).map((p) => p.instalment));
    for (const instalment of instalmentsOf(booking.proposal)) {
      if (!instalment.dueOn || paid.has(instalment.id)) continue;
      const late = on >= addDays(instalment.dueOn, loaded.schedule.remindAfterDays);
      if (!late && on < addDays(instalment.dueOn, -loaded.schedule.sendDaysBefore)) continue;
      const event = booking.proposal.events.find((e) => e.id === instalment.eventId);
      const due = {
        label: instalmentLabel(instalment, booking.proposal, loaded.words),
        event: event?.name ?? '',
        cents: instalment.cents,
        currency: booking.proposal.currency,
        date: dayOf(instalment.dueOn),
        late,
      };
      const messages = booking.proposal.signers.map((signer) => ({
        orderId: null,
        kind: 'buyer' as const,
        message: mail.instalmentEmail(
          studio(),
          loaded.words,
          signer,
          due,
          payUrl(booking, instalment.id),
        ),
      }));
      const key = `booking-${late ? 'late' : 'due'}:${booking.id}:${instalment.id}:${instalment.dueOn}`;
      if (store.queueOnce(key, messages, now())) sent += 1;
    }
  }
  if (sent > 0) void outbox.kick();
  return sent;
}
