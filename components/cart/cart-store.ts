import type { CartLine, Catalog, Pack } from '@/lib/shared/order';
import {
  CART_STORAGE_KEY,
  cartReducer,
  repairCart,
  toStored,
  type CartAction,
} from '@/lib/browser/cart';

const EMPTY: CartLine[] = [];

function readStorage(): string | null {
  try {
    return window.localStorage.getItem(CART_STORAGE_KEY);
  } catch {
    return null; // storage disabled: the cart lives in memory only
  }
}

/** The cart as local storage keeps it: the stored shape of lib/browser/cart.ts. */
const stored = (lines: CartLine[], catalog: Catalog) => JSON.stringify(toStored(lines, catalog));

function writeStorage(value: string) {
  try {
    window.localStorage.setItem(CART_STORAGE_KEY, value);
  } catch {
    // storage full or disabled: the cart still works for this page
  }
}

/**
 * The cart and its catalog as an external store for useSyncExternalStore: read from local storage (repaired) on
 * first use, written back on every change, and updated when another tab changes it. The server
 * snapshot is always empty, so the HTML never depends on a visitor's storage.
 */
export function createCartStore(initialCatalog: Catalog) {
  let catalog = initialCatalog;
  const listeners = new Set<() => void>();
  let items: CartLine[] | null = null;

  const emit = () => listeners.forEach((listener) => listener());

  const load = (value: string | null) => {
    items = repairCart(value, catalog);
    // Storage that needed repair is written back repaired.
    const repaired = stored(items, catalog);
    if (value !== null && value !== repaired) writeStorage(repaired);
    return items;
  };

  const onStorage = (event: StorageEvent) => {
    if (event.key !== CART_STORAGE_KEY && event.key !== null) return;
    load(event.newValue);
    emit();
  };

  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      if (listeners.size === 1) window.addEventListener('storage', onStorage);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) window.removeEventListener('storage', onStorage);
      };
    },
    getSnapshot: (): CartLine[] => items ?? load(readStorage()),
    getServerSnapshot: (): CartLine[] => EMPTY,
    /** What the shop sells: the build's catalog, or the prices the order service gave since. */
    getCatalog: (): Catalog => catalog,
    /**
     * The shop's prices as the order service gave them (the page was built with older ones):
     * these packs take their new names and prices; `dropped` packs, no longer sold, leave the
     * catalog and the cart.
     */
    reprice(packs: Pick<Pack, 'slug' | 'name' | 'priceCents'>[], dropped: string[]) {
      const next = new Map(catalog);
      for (const slug of dropped) next.delete(slug);
      for (const pack of packs) {
        const known = next.get(pack.slug);
        if (known) next.set(pack.slug, { ...known, name: pack.name, priceCents: pack.priceCents });
      }
      catalog = next;
      const current = items ?? load(readStorage());
      items = current.filter((line) => catalog.has(line.slug));
      writeStorage(stored(items, catalog));
      emit();
    },
    dispatch(action: CartAction) {
      const current = items ?? load(readStorage());
      const next = cartReducer(catalog)(current, action);
      if (next === current) return;
      items = next;
      writeStorage(stored(next, catalog));
      emit();
    },
  };
}

export type CartStore = ReturnType<typeof createCartStore>;
