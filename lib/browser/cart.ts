// The cart: what local storage keeps of it (repaired when it cannot be read), its reducer,
// and what it shows of items that hold packs (savings, packs bought twice). It runs in the
// browser only.
import type { CartLine, Catalog, Member, Pack } from '@/lib/shared/order';

/**
 * A line as local storage keeps it, in the shape carts have always been stored in: the id is the
 * pack's name. Only the id and the quantity are read back; names, prices and images always come
 * from the catalog.
 */
export type StoredCartItem = {
  id: string;
  name: string;
  price: number;
  image: string;
  quantity: number;
};

export type CartAction =
  | { type: 'add'; slug: string }
  | { type: 'remove'; slug: string }
  | { type: 'updateQuantity'; slug: string; delta: number }
  | { type: 'clear' }
  /** The whole cart read back from storage (already repaired). */
  | { type: 'replace'; lines: CartLine[] };

/** A pack is a licence, bought once: a line's quantity is never more than this. */
export const MAX_QUANTITY = 1;
/** Storage holding more lines than this is not read past it. */
const MAX_STORED_LINES = 100;

export const CART_STORAGE_KEY = 'cartItems';

/** The cart as local storage keeps it (the stored shape), from the catalog. */
export function toStored(lines: readonly CartLine[], catalog: Catalog): StoredCartItem[] {
  return lines.flatMap(({ slug, quantity }) => {
    const pack = catalog.get(slug);
    return pack
      ? [
          {
            id: pack.name,
            name: pack.name,
            price: pack.priceCents / 100,
            image: pack.image,
            quantity,
          },
        ]
      : [];
  });
}

/** The item of the cart that holds this pack (one of its `members`), if any. */
export function holderOf(lines: readonly CartLine[], slug: string, catalog: Catalog) {
  return lines
    .map((line) => catalog.get(line.slug))
    .find((pack) => pack?.members?.some((member) => member.slug === slug));
}

/** The lines of the cart that an item holds (each of its packs bought on its own). */
export const linesHeldBy = (lines: readonly CartLine[], item: Pack | undefined) =>
  lines.filter((line) => item?.members?.some((member) => member.slug === line.slug));

/**
 * An item of the cart that shares a pack with `slug` (two bundles both holding Earthy Tone), with
 * the packs they share; null when none does. Such an item is not added: each pack is paid once.
 */
export function sharingWith(lines: readonly CartLine[], slug: string, catalog: Catalog) {
  const members = catalog.get(slug)?.members ?? [];
  for (const line of lines) {
    const other = catalog.get(line.slug);
    const shared = members.filter((member) =>
      other?.members?.some((each) => each.slug === member.slug),
    );
    if (other && line.slug !== slug && shared.length > 0) return { item: other, packs: shared };
  }
  return null;
}

/**
 * The cart's rules. Adding a pack already present, held by an item in the cart, or an item that
 * shares a pack with one in the cart, changes nothing; adding an item that holds packs takes out
 * those already in the cart (each pack is paid for once);
 * otherwise the pack is appended with quantity 1. Removing deletes by slug. Updating adds a
 * delta; zero or below removes the line. Packs the catalog does not know are ignored.
 */
export function cartReducer(catalog: Catalog) {
  return (lines: CartLine[], action: CartAction): CartLine[] => {
    switch (action.type) {
      case 'add': {
        const pack = catalog.get(action.slug);
        if (
          !pack ||
          lines.some((line) => line.slug === action.slug) ||
          holderOf(lines, action.slug, catalog) ||
          sharingWith(lines, action.slug, catalog)
        ) {
          return lines;
        }
        const held = linesHeldBy(lines, pack);
        return [
          ...lines.filter((line) => !held.includes(line)),
          { slug: action.slug, quantity: 1 },
        ];
      }
      case 'remove':
        return lines.filter((line) => line.slug !== action.slug);
      case 'updateQuantity':
        return lines.flatMap((line) => {
          if (line.slug !== action.slug) return [line];
          const quantity = Math.min(line.quantity + Math.trunc(action.delta), MAX_QUANTITY);
          return quantity > 0 ? [{ ...line, quantity }] : [];
        });
      case 'clear':
        return [];
      case 'replace':
        return action.lines;
    }
  };
}

/** What an item that holds packs saves on them bought one by one, in cents (0 for a pack). */
export function savingCents(pack: Pack, catalog: Catalog): number {
  if (!pack.members) return 0;
  const separately = pack.members.reduce(
    (sum, member) => sum + (catalog.get(member.slug)?.priceCents ?? 0),
    0,
  );
  return Math.max(0, separately - pack.priceCents);
}

/** The packs a cart would deliver twice: an item's members already in the cart on their own or held by another item. */
export function repeatedPacks(lines: readonly CartLine[], catalog: Catalog): Member[] {
  const seen = new Set<string>();
  const repeated: Member[] = [];
  for (const line of lines) {
    const pack = catalog.get(line.slug);
    for (const part of pack ? (pack.members ?? [pack]) : []) {
      if (seen.has(part.slug) && !repeated.some((each) => each.slug === part.slug)) {
        repeated.push({ slug: part.slug, name: part.name });
      }
      seen.add(part.slug);
    }
  }
  return repeated;
}

/**
 * An item the cart does not hold that has every pack the cart delivers, for less than the cart
 * costs (two items sharing a pack, say, where a third holds them all): the cheapest such, with
 * what it saves; null when there is none.
 */
export function cheaperWay(
  lines: readonly CartLine[],
  catalog: Catalog,
): { item: Pack; savesCents: number } | null {
  const packs = lines.flatMap((line) => {
    const pack = catalog.get(line.slug);
    return pack ? (pack.members ?? [pack]).map((part) => part.slug) : [];
  });
  const total = lines.reduce((sum, line) => sum + (catalog.get(line.slug)?.priceCents ?? 0), 0);
  let best: { item: Pack; savesCents: number } | null = null;
  for (const item of catalog.values()) {
    if (!item.members || lines.some((line) => line.slug === item.slug)) continue;
    const holds = new Set(item.members.map((member) => member.slug));
    if (packs.length === 0 || !packs.every((slug) => holds.has(slug))) continue;
    const savesCents = total - item.priceCents;
    if (savesCents > 0 && (!best || savesCents > best.savesCents)) best = { item, savesCents };
  }
  return best;
}

/** The badge's number: distinct lines, not units. */
export const lineCount = (lines: readonly CartLine[]) => lines.length;

/**
 * Reads a cart back from storage, which anyone can edit: invalid JSON or a wrong shape gives an
 * empty cart; unknown ids, duplicates and quantities below one are dropped; any other quantity
 * becomes 1 (a pack is bought once); names, prices and images always come from the catalog.
 */
export function repairCart(stored: string | null, catalog: Catalog): CartLine[] {
  if (!stored) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const byName = new Map([...catalog.values()].map((pack) => [pack.name, pack]));
  const lines: CartLine[] = [];
  for (const raw of parsed.slice(0, MAX_STORED_LINES)) {
    if (!raw || typeof raw !== 'object') continue;
    const { id, quantity } = raw as Record<string, unknown>;
    const pack = typeof id === 'string' ? byName.get(id) : undefined;
    if (!pack || lines.some((line) => line.slug === pack.slug)) continue;
    const count =
      typeof quantity === 'string' && quantity.trim() !== '' ? Number(quantity) : quantity;
    if (typeof count !== 'number' || !Number.isFinite(count)) continue;
    const whole = Math.min(Math.floor(count), MAX_QUANTITY);
    if (whole < 1) continue;
    lines.push({ slug: pack.slug, quantity: whole });
  }
  return lines;
}
