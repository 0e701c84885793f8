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
import type { CartCopy } from '@/lib/content';
import { fillIn } from '@/lib/copy';
import { createCartStore } from './cart-store';

type CartContext = {
  items: CartItem[];
  catalog: Catalog;
  currency: string;
  /** The words of the cart (content/shop.json). */
  copy: CartCopy;
  open: boolean;
  setOpen(open: boolean): void;
  /** Adds the pack (if not yet in the cart) and opens the panel. */
  add(id: string): void;
  /** Adds every pack not yet in the cart and opens the panel. */
  addAll(ids: string[]): void;
  remove(id: string): void;
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
  copy,
  children,
}: {
  entries: CatalogEntry[];
  currency: string;
  copy: CartCopy;
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
      copy,
      open,
      setOpen,
      announcement,
      add(id) {
        const present = items.some((item) => item.id === id);
        store.dispatch({ type: 'add', id });
        setAnnouncement(fillIn(present ? copy.alreadyIn : copy.added, { name: nameOf(id) }));
        setOpen(true);
      },
      addAll(ids) {
        const missing = ids.filter((id) => !items.some((item) => item.id === id));
        for (const id of missing) store.dispatch({ type: 'add', id });
        setAnnouncement(
          missing.length === 0
            ? copy.allAlreadyIn
            : fillIn(copy.added, { name: missing.map(nameOf).join(', ') }),
        );
        setOpen(true);
      },
      remove(id) {
        store.dispatch({ type: 'remove', id });
        setAnnouncement(fillIn(copy.removed, { name: nameOf(id) }));
      },
      clear() {
        store.dispatch({ type: 'clear' });
      },
    };
  }, [items, catalog, currency, copy, open, announcement, store]);

  return <Context value={value}>{children}</Context>;
}
