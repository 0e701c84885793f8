import {
  CART_STORAGE_KEY,
  cartReducer,
  repairCart,
  type CartAction,
  type CartItem,
  type Catalog,
} from '@/lib/cart';

const EMPTY: CartItem[] = [];

function readStorage(): string | null {
  try {
    return window.localStorage.getItem(CART_STORAGE_KEY);
  } catch {
    return null; // storage disabled: the cart lives in memory only
  }
}

function writeStorage(items: CartItem[]) {
  try {
    window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(items));
  } catch {
    // storage full or disabled: the cart still works for this page
  }
}

/**
 * The cart as an external store for useSyncExternalStore: read from local storage (repaired) on
 * first use, written back on every change, and updated when another tab changes it. The server
 * snapshot is always empty, so the HTML never depends on a visitor's storage.
 */
export function createCartStore(catalog: Catalog) {
  const reduce = cartReducer(catalog);
  const listeners = new Set<() => void>();
  let items: CartItem[] | null = null;

  const emit = () => listeners.forEach((listener) => listener());

  const load = (stored: string | null) => {
    items = repairCart(stored, catalog);
    // Storage that needed repair is written back repaired.
    if (stored !== null && stored !== JSON.stringify(items)) writeStorage(items);
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
    getSnapshot: (): CartItem[] => items ?? load(readStorage()),
    getServerSnapshot: (): CartItem[] => EMPTY,
    dispatch(action: CartAction) {
      const current = items ?? load(readStorage());
      const next = reduce(current, action);
      if (next === current) return;
      items = next;
      writeStorage(next);
      emit();
    },
  };
}

export type CartStore = ReturnType<typeof createCartStore>;
