// An order created at PayPal by the service, for the checkout's PayPal button: at the prices the
// page showed, with every pack's file in place, and sealed (tokens.ts) so that PayPal's record
// alone can restore it.
import {
  deliveredPacks,
  orderTotalCents,
  type CodeProblem,
  type FundingSource,
  type OrderLine,
  type PackRef,
} from '@/lib/shared/order';
import { applyCode } from '../discounts/codes';
import type { Member } from '@/lib/shared/order';
import type { OrderSummary } from '../mail/buyer';
import { packsMissingNotice, studioNotice } from '../mail/studio';
import { PayPalRefused } from '../paypal/client';
import { missingPacks } from '../downloads/packs';
import { customIdFor } from '../paypal/custom-id';
import { newOrderReference, orderRequest } from '../paypal/orders';
import { saleText } from '../paypal/paid';
import { orderTax } from '../tax/order-tax';
import { orderSeal, saleSeal } from '../downloads/tokens';
import { countryName } from '@/lib/shared/countries';
import {
  pricedNet,
  reverseCharges,
  taxRule,
  type BusinessBuyer,
  type VatCheck,
} from '@/lib/shared/tax';
import { readVatNumber } from '@/lib/shared/vat-number';
import { lines, oneLine, type OrderContext } from './context';

/** What the checkout asks for: packs by slug at the total it showed, the buyer, perhaps a code. */
export type NewOrder = {
  items: string[];
  /** The packs' total as the page showed it, before any discount. */
  shownTotalCents: number;
  /** The buyer, and where they say they are (pages from before tax say nothing). */
  customer: OrderSummary['customer'] & { country?: string; region?: string; vatNumber?: string };
  /**
   * What the page showed of VIES's answer about the VAT number (checkVatNumber), and so the
   * price it showed: an order whose answer differs now is not created. Older pages send none.
   */
  vatCheck?: VatCheck;
  code?: string;
  fundingSource?: FundingSource;
  /** The visitor's country as the CDN in front of the service tells it, where trusted. */
  viewerCountry?: string | null;
  /** The buyer's time zone (IANA), for the e-mail's times. */
  timeZone?: string;
};

/**
 * Why an order was not created, so nothing can be charged: its code does not apply; the page
 * showed other prices (or a pack no longer sold), and these are the packs it named that are sold,
 * at today's prices; or a pack's file is not in place yet.
 */
export type NotCreated =
  | { problem: CodeProblem }
  | { pricesChanged: PackRef[] }
  | { unavailable: PackRef[] }
  /**
   * Packs asked for on their own beside an item of the same order that holds them, or items that
   * share a pack with an earlier item of the order; `cheaper`, an item holding every pack of the
   * order for less, where there is one.
   */
  | { heldTwice: PackRef[]; cheaper?: PackRef }
  /** The shop cannot sell where the buyer is yet, or needs their province: `place` says where. */
  | { place: { reason: 'cannot-sell-there' | 'region-needed'; name: string } }
  /** VIES answers otherwise than the page showed (and priced): its answer now. */
  | { vatChanged: BusinessBuyer };

/**
 * Creates the order at PayPal at the catalogue's prices, when they are the prices the page
 * showed and every pack's file is in place, with a code that has a use left, and keeps it as
 * 'created'. PayPal's order id, or why it was not created.
 */
export async function createOrder(
  ctx: OrderContext,
  input: NewOrder,
): Promise<{ id: string; vatNumber?: BusinessBuyer } | NotCreated> {
  const { config, store, paypal, catalog, log, now } = ctx;
  const shop = catalog.get();
  const sold = input.items.flatMap((slug) => shop.packsBySlug.get(slug) ?? []);
  const bought = sold.map((pack): OrderLine => ({ ...pack, quantity: 1 }));
  const itemTotal = orderTotalCents(bought);
  if (sold.length !== input.items.length || itemTotal !== input.shownTotalCents) {
    log.info({ msg: 'order at other prices', shown: input.shownTotalCents, now: itemTotal });
    return { pricesChanged: sold };
  }
  // A pack is a licence, paid for once: not on its own beside an item that holds it, nor in two
  // items that share it (the second is refused, and the item holding them all for less named).
  const twice = paidTwice(sold);
  if (twice.length > 0) {
    log.info({ msg: 'order pays for a pack twice', packs: twice.map((p) => p.slug).join(',') });
    const cheaper = cheaperItem(sold, shop.packsBySlug.values());
    return { heldTwice: twice, ...(cheaper ? { cheaper } : {}) };
  }
  const missing = missingPacks(config.packsDir, sold);
  if (missing.length > 0) {
    packsMissing(ctx, missing, shop.version);
    return { unavailable: missing };
  }
  // Where the buyer says they are settles the tax included in the prices (server/tax/order-tax.ts); PayPal's
  // payer country, known once they approve, may settle it elsewhere (settle.ts).
  const given = input.customer.country ?? null;
  const rule = given ? taxRule(shop.tax, { country: given, region: input.customer.region }) : null;
  if (rule?.kind === 'closed') {
    log.info({ msg: 'order from a place the shop cannot sell to yet', country: given });
    const place = rule.scheme.places.find((each) => each.country === given)!;
    return { place: { reason: 'cannot-sell-there', name: place.name } };
  }
  if (rule?.kind === 'region-needed') {
    return { place: { reason: 'region-needed', name: countryName(given!) } };
  }
  // A business's VAT number, where the place's scheme reverse-charges: VIES says whether it is
  // registered (its answer of the day, as the page was told). Confirmed, the order is priced net
  // of the VAT and includes none; else it is sold as to a consumer.
  const vatNumber =
    reverseCharges(rule) && input.customer.vatNumber
      ? readVatNumber(given!, input.customer.vatNumber)
      : null;
  const business = vatNumber ? await ctx.vies.check(vatNumber) : null;
  if (business && input.vatCheck && input.vatCheck !== business.check) {
    log.info({ msg: 'VIES answers otherwise than the page showed', shown: input.vatCheck });
    return { vatChanged: { number: business.number, check: business.check } };
  }
  const reverseCharged = business?.check === 'valid';
  const selling =
    reverseCharged && reverseCharges(rule) ? pricedNet(bought, rule.rate, shop.currency) : bought;
  const ref = newOrderReference();
  const at = now();
  // The code's use is not taken here but when the buyer approves the payment (capture.ts): an
  // order nobody pays holds no use, so no number of orders can make a code "used up".
  let discount: { code: string; cents: number } | null = null;
  if (input.code) {
    const applied = applyCode(store, input.code, selling, at, shop.currency);
    if ('problem' in applied) return applied;
    discount = { code: applied.rule.code, cents: applied.cents };
  }
  const request = orderRequest(
    selling,
    shop.currency,
    {
      reference: ref,
      description: shop.copy.orderDescription,
      fundingSource: input.fundingSource,
      reverseCharged: reverseCharged ? business.number : undefined,
    },
    discount,
    rule?.kind === 'taxed' && !reverseCharged ? rule.rate : null,
  );
  // Sealed, so that PayPal's record alone restores the order as sold (restore.ts).
  const unit = request.purchase_units[0]!;
  const code = discount?.code ?? null;
  unit.custom_id = customIdFor(
    ref,
    orderSeal(config.downloadSecret, ref, input.customer.email, code),
    saleSeal(config.downloadSecret, ref, code, saleText(unit)),
    code,
  );
  let created;
  try {
    created = await paypal.createOrder(request, ref);
  } catch (error) {
    if (error instanceof PayPalRefused) ordersFailing(ctx, error.issue, shop.version);
    throw error;
  }
  ctx.health.failing = null;
  store.createOrder({
    id: created.id,
    ref,
    email: input.customer.email,
    name: oneLine(input.customer.name),
    phone: oneLine(input.customer.phone),
    address: lines(input.customer.address),
    lines: selling,
    totalCents: orderTotalCents(selling) - (discount?.cents ?? 0),
    currency: shop.currency,
    discountCode: discount?.code ?? null,
    discountCents: discount?.cents ?? 0,
    createdAt: at,
    // The terms the pages state, as of this order: a later edit does not rewrite them.
    terms: shop.terms ?? null,
    timeZone: input.timeZone ?? null,
    tax: orderTax(
      shop.tax,
      {
        given,
        givenRegion: input.customer.region ?? null,
        paypal: null,
        paypalRegion: null,
        cdn: input.viewerCountry ?? null,
      },
      selling.map((line) => line.priceCents),
      discount?.cents ?? 0,
      shop.currency,
      business,
      reverseCharged,
    ),
  });
  log.info({ msg: 'order created', orderId: created.id, packs: selling.length });
  return {
    id: created.id,
    ...(business ? { vatNumber: { number: business.number, check: business.check } } : {}),
  };
}

/**
 * PayPal refuses the orders the shop asks for (a currency or an amount it does not take): the
 * studio is told once per catalogue and reason, and /health says so until an order goes through.
 */
function ordersFailing(ctx: OrderContext, issue: string, version: string) {
  const { store, outbox, log, now, studioAddress } = ctx;
  ctx.health.failing ??= { since: now(), issue };
  log.error({ msg: 'PayPal refuses our orders', issue, version });
  const message = studioNotice(
    studioAddress(),
    `Orders are failing: PayPal refuses them (${issue})`,
    {
      text: 'PayPal refused the order the shop asked it for, so buyers cannot pay. The catalogue the site publishes is the likely cause (its currency or prices): correct it in the editor and redeploy. Until then every order fails the same way.',
    },
    [
      ['PayPal says', issue],
      ['Catalogue version', version],
    ],
  );
  const alert = [{ orderId: null, kind: 'alert' as const, message }];
  if (store.queueOnce(`orders-failing:${version}:${issue}`, alert, now())) void outbox.kick();
}

/**
 * The studio is told once per pack and catalogue (or once per pack, at a download) that a pack
 * sold on the site has no file.
 */
export function packsMissing(
  ctx: OrderContext,
  sold: Member[] | PackRef[],
  version: string,
  when: 'sale' | 'download' = 'sale',
) {
  const { config, store, outbox, log, now, studioAddress } = ctx;
  // The packs delivered, by their own names: the files the studio is to put in place.
  const missing = missingPacks(config.packsDir, deliveredPacks(sold));
  log.error({ msg: 'pack files missing', packs: missing.map((pack) => pack.slug).join(',') });
  const fresh = missing.filter((pack) =>
    store.queueOnce(`pack-missing:${pack.slug}:${version}`, [], now()),
  );
  if (fresh.length === 0) return;
  store.queue(
    [
      {
        orderId: null,
        kind: 'alert',
        message: packsMissingNotice(fresh, config.packsDir, studioAddress(), when),
      },
    ],
    now(),
  );
  void outbox.kick();
}

/** What an order would pay for twice: packs beside an item holding them, items sharing a pack. */
export function paidTwice(sold: readonly PackRef[]): PackRef[] {
  const held = new Set(sold.flatMap((pack) => pack.members ?? []).map((part) => part.slug));
  const alone = sold.filter((pack) => !pack.members && held.has(pack.slug));
  const seen = new Set<string>();
  const sharing = sold.filter((item) => {
    const members = item.members ?? [];
    const shares = members.some((member) => seen.has(member.slug));
    for (const member of members) seen.add(member.slug);
    return shares;
  });
  return [...alone, ...sharing];
}

/** The cheapest item of the shop holding every pack these deliver, for less than they cost. */
function cheaperItem(sold: readonly PackRef[], shop: Iterable<PackRef>): PackRef | null {
  const wanted = new Set(sold.flatMap((pack) => (pack.members ?? [pack]).map((p) => p.slug)));
  const cost = sold.reduce((sum, pack) => sum + pack.priceCents, 0);
  let best: PackRef | null = null;
  for (const item of shop) {
    const holds = new Set((item.members ?? []).map((member) => member.slug));
    if (![...wanted].every((slug) => holds.has(slug)) || item.priceCents >= cost) continue;
    if (!best || item.priceCents < best.priceCents) best = item;
  }
  return best;
}
