'use client';

import {
  createContext,
  useContext,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import type { CartItem, Catalog, CatalogEntry } from '@/lib/cart';
import { createCartStore } from './cart-store';

type CartContext = {
  items: CartItem[];
  catalog: Catalog;
  currency: string;
  open: boolean;
  setOpen(open: boolean): void;
  /** Adds the pack (if not yet in the cart) and opens the panel. */
  add(id: string): void;
  /** Adds every pack not yet in the cart and opens the panel. */
  addAll(ids: string[]): void;
  remove(id: string): void;
  updateQuantity(id: string, delta: number): void;
  clear(): void;
  /** The last change, for screen readers. */
  announcement: string;
};

const Context = createContext<CartContext | null>(null);

export function useCart(): CartContext {
  const cart = useContext(Context);
  if (!cart) throw new Error('useCart must be used inside <CartProvider>');
  return cart;
}

/** The cart of every page, kept in local storage and in step across tabs. */
export function CartProvider({
  entries,
  currency,
  children,
}: {
  entries: CatalogEntry[];
  currency: string;
  children: ReactNode;
}) {
  const [catalog] = useState<Catalog>(() => new Map(entries.map((entry) => [entry.id, entry])));
  const [store] = useState(() => createCartStore(catalog));
  const items = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getServerSnapshot);
  const [open, setOpen] = useState(false);
  const [announcement, setAnnouncement] = useState('');

  const value = useMemo<CartContext>(() => {
    const nameOf = (id: string) => catalog.get(id)?.name ?? id;
    return {
      items,
      catalog,
      currency,
      open,
      setOpen,
      announcement,
      add(id) {
        const present = items.some((item) => item.id === id);
        store.dispatch({ type: 'add', id });
        setAnnouncement(
          present ? `${nameOf(id)} is already in your cart.` : `${nameOf(id)} added to your cart.`,
        );
        setOpen(true);
      },
      addAll(ids) {
        const missing = ids.filter((id) => !items.some((item) => item.id === id));
        for (const id of missing) store.dispatch({ type: 'add', id });
        setAnnouncement(
          missing.length === 0
            ? 'These packs are already in your cart.'
            : `${missing.map(nameOf).join(', ')} added to your cart.`,
        );
        setOpen(true);
      },
      remove(id) {
        store.dispatch({ type: 'remove', id });
        setAnnouncement(`${nameOf(id)} removed from your cart.`);
      },
      updateQuantity(id, delta) {
        store.dispatch({ type: 'updateQuantity', id, delta });
      },
      clear() {
        store.dispatch({ type: 'clear' });
      },
    };
  }, [items, catalog, currency, open, announcement, store]);

  return <Context value={value}>{children}</Context>;
}
