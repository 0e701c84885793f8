// The order model, one for the browser and the service: what a cart buys, what a code takes off.
// No zod and no content here, so that the checkout's scripts stay light and the service checks
// with the very same rules. What PayPal is asked for and answers is the service's
// (server/paypal/orders.ts).

/** A pack that an item holds: its slug (the file it delivers) and name. */
export type Member = { slug: string; name: string };

/**
 * A pack as the shop sells it: its permanent slug (its address, its id in the cart, in orders and
 * on the download service; kept when the pack is renamed), name, price and a small image. An item
 * that holds packs (a bundle: lib/content/products.ts has every kind) is sold the same way, at its
 * own price, and delivers each of its `members` instead of a file of its own. Past the catalogue,
 * nothing asks an item's kind: only what it delivers.
 */
export type Pack = {
  slug: string;
  name: string;
  priceCents: number;
  image: string;
  members?: readonly Member[];
};

/** A line of the cart: a pack, by its slug. */
export type CartLine = { slug: string; quantity: number };

/** What the shop sells, by slug: the only source of names, prices and images. */
export type Catalog = ReadonlyMap<string, Pack>;

/**
 * A pack as an order knows it: its slug (its sku at PayPal), name and price; an item that holds
 * packs also its members, as they were when it was sold.
 */
export type PackRef = Pick<Pack, 'slug' | 'name' | 'priceCents' | 'members'>;

/** What is sold under a name: a pack, or an item and the packs it holds. */
type Sold = Pick<PackRef, 'slug' | 'name' | 'members'>;

/** The packs a line delivers: the pack itself, or each pack it holds. */
export const packsOf = (line: Sold): Member[] =>
  line.members
    ? line.members.map(({ slug, name }) => ({ slug, name }))
    : [{ slug: line.slug, name: line.name }];

/** Every pack the lines deliver, each once (a pack bought alone and held by an item is one file). */
export function deliveredPacks(lines: readonly Sold[]): Member[] {
  const packs = new Map<string, Member>();
  for (const part of lines.flatMap(packsOf)) if (!packs.has(part.slug)) packs.set(part.slug, part);
  return [...packs.values()];
}

/** One line of an order. A pack is a licence: it is bought once. */
export type OrderLine = PackRef & { quantity: 1 };

/** The lines of a cart, at catalogue prices; lines the catalogue does not know are left out. */
export function orderLines(lines: readonly CartLine[], catalog: Catalog): OrderLine[] {
  return lines.flatMap((line) => {
    const pack = catalog.get(line.slug);
    if (!pack) return [];
    const { slug, name, priceCents, members } = pack;
    return [{ slug, name, priceCents, ...(members && { members }), quantity: 1 as const }];
  });
}

export function orderTotalCents(lines: readonly Pick<OrderLine, 'priceCents'>[]): number {
  return lines.reduce((sum, line) => sum + line.priceCents, 0);
}

/**
 * A discount code as the service keeps it. A percent code takes that share of the packs it
 * applies to (all when `packs` is null), rounded to the nearest cent; a fixed one takes its amount,
 * at most their sum. `minimumCents` is the catalogue total the cart must reach first.
 */
export type DiscountRule = {
  code: string;
  kind: 'percent' | 'fixed';
  /** The percentage (1 to 99) or the amount in cents. */
  value: number;
  packs: string[] | null;
  minimumCents: number | null;
};

/** Why a code does not apply to these lines, or how many cents it takes off. */
export function discountCents(
  lines: readonly OrderLine[],
  rule: DiscountRule,
  /** The currency's smallest amount (`minorUnit`): a discount in yen is whole yen. */
  unit = 1,
): { cents: number } | { problem: 'minimum' | 'not-applicable' } {
  const total = orderTotalCents(lines);
  if (rule.minimumCents !== null && total < rule.minimumCents) return { problem: 'minimum' };
  const eligible = orderTotalCents(
    lines.filter((line) => rule.packs === null || rule.packs.includes(line.slug)),
  );
  if (eligible === 0) return { problem: 'not-applicable' };
  const cents =
    rule.kind === 'percent'
      ? Math.round((eligible * rule.value) / 100 / unit) * unit
      : Math.min(Math.floor(rule.value / unit) * unit, eligible);
  // PayPal takes no payment of nothing: a code may lower the total to a cent, never to zero.
  return { cents: Math.min(cents, total - unit) };
}

/** A discount applied to an order: its code and what it takes off. */
export type AppliedDiscount = { code: string; cents: number };

/** Why a code does not apply; the checkout shows each in its own words (content/checkout.json). */
export type CodeProblem = 'unknown' | 'expired' | 'used-up' | 'minimum' | 'not-applicable';

/**
 * Why the service will not finish an order, for good: PayPal declined the payment, the order
 * cannot be paid, or its discount code's last use went to another order (nothing was charged
 * in these three); the payment was refunded before delivery; it was paid but needs the studio,
 * who was alerted; or the service does not know it.
 */
export type CaptureOutcome =
  'declined' | 'not-charged' | 'code-taken' | 'refunded' | 'paid-not-delivered' | 'unknown';

/** How long a download link works and how many downloads it allows, unless the settings say otherwise. */
export const LINK_DEFAULTS = { days: 7, downloads: 5 } as const;

/** A PayPal order id as the service accepts it (also a form's pattern). */
export const ORDER_ID_PATTERN = '[A-Za-z0-9\\-]{5,64}';

/** The ways a buyer pays through PayPal's buttons (the JS SDK's `fundingSource`). */
export const FUNDING_SOURCES = ['paypal', 'paylater', 'venmo', 'card'] as const;
export type FundingSource = (typeof FUNDING_SOURCES)[number];

/** Whether the SDK's funding source is one the service knows (others are not sent: PayPal's default). */
export const isFundingSource = (source: string | undefined): source is FundingSource =>
  (FUNDING_SOURCES as readonly (string | undefined)[]).includes(source);
