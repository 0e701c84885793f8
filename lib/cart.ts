/** A line of the cart, in the spec's shape: the id is the preset's name. */
export type CartItem = { id: string; name: string; price: number; image: string; quantity: number };

/**
 * What the shop sells, by id (the spec's cart id: the pack's name): the only source of names,
 * prices and images. `sku` is the pack's stable id (its slug), which orders are keyed by.
 */
export type CatalogEntry = {
  id: string;
  sku: string;
  name: string;
  priceCents: number;
  image: string;
};
export type Catalog = ReadonlyMap<string, CatalogEntry>;

export type CartAction =
  | { type: 'add'; id: string }
  | { type: 'remove'; id: string }
  | { type: 'updateQuantity'; id: string; delta: number }
  | { type: 'clear' }
  /** The whole cart read back from storage (already repaired). */
  | { type: 'replace'; items: CartItem[] };

/** A pack is a licence, bought once: a line's quantity is never more than this. */
export const MAX_QUANTITY = 1;
/** Storage holding more lines than this is not read past it. */
const MAX_STORED_LINES = 100;

export const CART_STORAGE_KEY = 'cartItems';

function line(entry: CatalogEntry, quantity: number): CartItem {
  return {
    id: entry.id,
    name: entry.name,
    price: entry.priceCents / 100,
    image: entry.image,
    quantity,
  };
}

/**
 * The cart's rules. Adding an id already present changes nothing; otherwise the item is appended
 * with quantity 1. Removing deletes by id. Updating adds a delta; zero or below removes the line.
 * Ids the catalog does not know are ignored.
 */
export function cartReducer(catalog: Catalog) {
  return (items: CartItem[], action: CartAction): CartItem[] => {
    switch (action.type) {
      case 'add': {
        const entry = catalog.get(action.id);
        if (!entry || items.some((item) => item.id === action.id)) return items;
        return [...items, line(entry, 1)];
      }
      case 'remove':
        return items.filter((item) => item.id !== action.id);
      case 'updateQuantity':
        return items.flatMap((item) => {
          if (item.id !== action.id) return [item];
          const quantity = Math.min(item.quantity + Math.trunc(action.delta), MAX_QUANTITY);
          return quantity > 0 ? [{ ...item, quantity }] : [];
        });
      case 'clear':
        return [];
      case 'replace':
        return action.items;
    }
  };
}

/** The badge's number: distinct lines, not units. */
export const lineCount = (items: readonly CartItem[]) => items.length;

/**
 * Reads a cart back from storage, which anyone can edit: invalid JSON or a wrong shape gives an
 * empty cart; unknown ids, duplicates and quantities below one are dropped; any other quantity
 * becomes 1 (a pack is bought once); names, prices and images always come from the catalog.
 */
export function repairCart(stored: string | null, catalog: Catalog): CartItem[] {
  if (!stored) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const items: CartItem[] = [];
  for (const raw of parsed.slice(0, MAX_STORED_LINES)) {
    if (!raw || typeof raw !== 'object') continue;
    const { id, quantity } = raw as Record<string, unknown>;
    const entry = typeof id === 'string' ? catalog.get(id) : undefined;
    if (!entry || items.some((item) => item.id === entry.id)) continue;
    const count =
      typeof quantity === 'string' && quantity.trim() !== '' ? Number(quantity) : quantity;
    if (typeof count !== 'number' || !Number.isFinite(count)) continue;
    const whole = Math.min(Math.floor(count), MAX_QUANTITY);
    if (whole < 1) continue;
    items.push(line(entry, whole));
  }
  return items;
}
