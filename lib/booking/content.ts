// What the studio writes about a wedding booked on the site (content/booking.json): the contract's
// template, the schedule's rules, the cancellation terms and the words of the couple's and the
// studio's pages. The site's build checks it; the catalogue carries it to the order service, which
// fills the contract in and keeps, with each signature, the text it was signed with.
import { z } from 'zod';
import { matching, prose, template, text } from '@/lib/fields';

/** A clause of the contract: its heading and paragraphs, with the booking's {placeholders}. */
const clauseSchema = z.object({ heading: text, paragraphs: z.array(prose).min(1) });

/** What the service fills into the contract's clauses (server/booking/contract.ts). */
export const CONTRACT_PLACEHOLDERS = [
  'studio',
  'couple',
  'events',
  'schedule',
  'total',
  'tax',
  'cancellation',
  'version',
] as const;

const cancellationTierSchema = z.object({
  /** From this many days before the first event still to come … */
  daysBefore: z.number().int().min(0).max(730),
  /** … this share of what was paid beyond the retainer is refunded. */
  refundPercent: z.number().int().min(0).max(100),
});

export const bookingContentSchema = z.object({
  contract: z.object({
    version: matching(/^[A-Za-z0-9.-]{1,40}$/, 'must be a short version, such as 2026-11', {
      hint: 'Change it whenever a word of the contract changes: each signature records the version and the exact text signed.',
    }),
    title: text,
    clauses: z.array(clauseSchema).min(1),
    /** The addendum signed when an event moves: {event}, {from}, {to}, {schedule}. */
    addendum: z.object({ title: text, paragraphs: z.array(prose).min(1) }),
  }),
  schedule: z.object({
    /** Each event's balance is due this many days before it (on signing when that is past). */
    balanceDaysBefore: z.number().int().min(0).max(365),
    /** Its link is e-mailed this many days before it is due. */
    sendDaysBefore: z.number().int().min(0).max(90),
    /** A late instalment's reminder, this many days after it was due. */
    remindAfterDays: z.number().int().min(1).max(60),
  }),
  cancellation: z.object({
    /** Tiers, the longest notice first; under the last, nothing beyond the retainer is refunded. */
    tiers: z
      .array(cancellationTierSchema)
      .min(1)
      .refine(
        (tiers) => tiers.every((tier, i) => i === 0 || tier.daysBefore < tiers[i - 1]!.daysBefore),
        'must list the longest notice first',
      ),
    /** The terms in words, as the contract states them ({cancellation}). */
    words: prose,
  }),
  words: z.object({
    proposalTitle: text,
    proposalIntro: prose,
    events: text,
    schedule: text,
    retainer: text,
    balance: template('event'),
    dueOnSigning: text,
    dueOn: template('date'),
    subtotal: text,
    total: text,
    taxLine: template('tax', 'rate'),
    paid: template('date'),
    late: text,
    askChange: text,
    askChangeHint: prose,
    changeSent: prose,
    changed: template('changes'),
    signHeading: text,
    consent: prose,
    whoSigns: text,
    signerName: text,
    sendCode: template('email'),
    codeSent: template('email'),
    code: text,
    sign: text,
    signed: template('names', 'date'),
    waitingFor: template('name'),
    download: text,
    payRetainer: text,
    payInstalment: template('amount'),
    payerName: text,
    payingNow: prose,
    receipt: template('amount', 'date'),
    where: text,
    notSigned: text,
    nextDue: template('amount', 'date'),
    allPaid: text,
    unavailable: prose,
    /** A booking page opened without its link (the fragment lost). */
    noLink: prose,
    cancelled: prose,
    /** What a cancellation gives back, on the couple's page and in their e-mail. */
    cancelledRefund: template('amount'),
    cancelledNoRefund: prose,
    /** Beside a payment given back (in part). */
    refunded: template('amount'),
    emailSubject: template('couple'),
    emailIntro: prose,
    codeSubject: text,
    codeText: template('code', 'minutes'),
    signedSubject: template('couple'),
    receiptSubject: template('amount'),
    instalmentSubject: template('event', 'date'),
    reminderSubject: template('event'),
    movedSubject: template('event'),
    cancelledSubject: template('couple'),
  }),
  /** The studio's page (/studio/). */
  studio: z.object({
    signInHeading: text,
    email: text,
    signIn: text,
    linkSent: prose,
    signedInAs: template('email'),
    signOut: text,
    bookings: text,
    none: text,
    newBooking: text,
    couple: text,
    firstEvent: text,
    status: text,
    paid: text,
    next: text,
    open: text,
    enquiry: prose,
    readEnquiry: text,
    signers: text,
    signerName: text,
    signerEmail: text,
    secondSigner: text,
    event: text,
    eventName: text,
    date: text,
    venue: text,
    city: text,
    coverage: text,
    delivers: text,
    price: text,
    addEvent: text,
    removeEvent: text,
    currency: text,
    country: text,
    region: text,
    retainer: text,
    balanceDays: text,
    note: text,
    create: text,
    edit: text,
    send: text,
    sendAgain: text,
    withdraw: text,
    proposalLink: text,
    payLink: text,
    move: text,
    moveTo: text,
    record: text,
    instalment: text,
    method: text,
    methods: z.object({ etransfer: text, bank: text, cash: text }),
    payer: text,
    cancel: text,
    cancelConfirm: prose,
    history: text,
    back: text,
    statuses: z.object({
      draft: text,
      sent: text,
      signed: text,
      cancelling: text,
      cancelled: text,
    }),
    viewed: text,
    changeAsked: text,
    late: text,
  }),
});

export type BookingContent = z.output<typeof bookingContentSchema>;
export type StudioWords = BookingContent['studio'];
export type BookingWords = BookingContent['words'];
