// Where a booking stands, as the couple's page and the studio's page read it: the proposal, the
// money, each instalment paid, due or late, who signed, the document to sign now and the signed
// ones. The pages import its type only (lib/booking/client.ts).
import type { BookingContent } from '@/lib/booking/content';
import type { BookingEvent, Money } from '@/lib/booking/schedule';
import { instalmentLabel, instalmentsOf, moneyOf } from './contract';
import type { PaymentMethod, WeddingTax } from './model';
import type { Booking, BookingStatus, DocumentRow, Payment, SignatureRow } from './store';

export type InstalmentView = {
  id: string;
  kind: 'retainer' | 'balance';
  eventId: string | null;
  label: string;
  dueOn: string | null;
  cents: number;
  taxCents: number;
  paid: { at: number; payer: string; method: PaymentMethod; refundedCents: number } | null;
  late: boolean;
  /** The studio's copy of the instalment's pay link (its secret part), to forward by hand. */
  payToken?: string;
};

export type BookingView = {
  id: string;
  couple: string;
  note: string;
  status: BookingStatus;
  version: number;
  changes: string[];
  currency: string;
  tax: WeddingTax | null;
  events: BookingEvent[];
  money: Money;
  instalments: InstalmentView[];
  paidCents: number;
  /** A cancelled booking's: what its terms give back (fixed when it was cancelled), else null. */
  givenBackCents: number | null;
  next: Pick<InstalmentView, 'id' | 'label' | 'dueOn' | 'cents'> | null;
  signers: { name: string; email: string; signed: boolean }[];
  toSign: {
    id: number;
    kind: 'contract' | 'addendum';
    title: string;
    version: string;
    text: string;
    sha256: string;
  } | null;
  documents: {
    id: number;
    kind: 'contract' | 'addendum';
    title: string;
    sha256: string;
    completedAt: number;
  }[];
  viewedAt: number | null;
};

export function bookingView(
  booking: Booking,
  {
    content,
    documents,
    signatures,
    payments,
    today,
    payToken,
    toSign,
    asStudio,
  }: {
    content: BookingContent;
    documents: DocumentRow[];
    signatures: (documentId: number) => SignatureRow[];
    payments: Payment[];
    today: string;
    payToken: (instalment: string) => string;
    toSign: DocumentRow | null;
    asStudio: boolean;
  },
): BookingView {
  const { proposal } = booking;
  const paidBy = new Map(payments.map((payment) => [payment.instalment, payment]));
  const instalments = instalmentsOf(proposal).map((instalment): InstalmentView => {
    const payment = paidBy.get(instalment.id);
    return {
      ...instalment,
      label: instalmentLabel(instalment, proposal, content.words),
      paid: payment
        ? {
            at: payment.at,
            payer: payment.payer,
            method: payment.method,
            refundedCents: payment.refundedCents,
          }
        : null,
      late:
        !payment && booking.status === 'signed' && !!instalment.dueOn && instalment.dueOn < today,
      ...(asStudio ? { payToken: payToken(instalment.id) } : {}),
    };
  });
  const contract = documents.find((doc) => doc.kind === 'contract' && doc.completedAt);
  const open = toSign ?? documents.find((doc) => !doc.completedAt) ?? null;
  const signedBy = new Set(
    (open ? signatures(open.id) : contract ? signatures(contract.id) : []).map((s) => s.signer),
  );
  const next = booking.status === 'signed' ? instalments.find((each) => !each.paid) : undefined;
  return {
    id: booking.id,
    couple: proposal.couple,
    note: proposal.note,
    // The couple and payers see a cancellation at once; the studio sees its refunds unfinished.
    status: !asStudio && booking.status === 'cancelling' ? 'cancelled' : booking.status,
    version: booking.version,
    changes: booking.changes,
    currency: proposal.currency,
    tax: proposal.tax,
    events: proposal.events,
    money: moneyOf(proposal),
    instalments,
    paidCents: payments.reduce((sum, p) => sum + p.cents - p.refundedCents, 0),
    givenBackCents: booking.refundOwedCents ?? null,
    next: next ? { id: next.id, label: next.label, dueOn: next.dueOn, cents: next.cents } : null,
    signers: proposal.signers.map((signer, index) => ({ ...signer, signed: signedBy.has(index) })),
    toSign: toSign && {
      id: toSign.id,
      kind: toSign.kind,
      title: toSign.title,
      version: toSign.version,
      text: toSign.text,
      sha256: toSign.sha256,
    },
    documents: documents.flatMap((doc) =>
      doc.completedAt
        ? [
            {
              id: doc.id,
              kind: doc.kind,
              title: doc.title,
              sha256: doc.sha256,
              completedAt: doc.completedAt,
            },
          ]
        : [],
    ),
    viewedAt: booking.viewedAt,
  };
}
