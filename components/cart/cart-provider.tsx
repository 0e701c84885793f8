'use client';

import {
  createContext,
  useContext,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import type { CartLine, Catalog } from '@/lib/shared/order';
import type { Pack } from '@/lib/shared/order';
import type { CartCopy } from '@/lib/content';
import type { Rate } from '@/lib/browser/approx-price';
import { cheaperWay, holderOf, linesHeldBy, sharingWith } from '@/lib/browser/cart';
import { fillIn } from '@/lib/shared/copy';
import { createCartStore, type CartStore } from './cart-store';

type CartContext = {
  /** The cart's lines: packs by slug. */
  items: CartLine[];
  catalog: Catalog;
  currency: string;
  /** The words of the cart (content/shop.json). */
  copy: CartCopy;
  /** Approximate prices in the visitor's money: the studio's rates, and "about {price}". */
  money: Money;
  open: boolean;
  setOpen(open: boolean): void;
  /** Adds the pack (if not yet in the cart) and opens the panel. */
  add(slug: string): void;
  remove(slug: string): void;
  /** The cart becomes this bundle alone (it holds every pack the cart had, for less). */
  switchTo(bundle: string): void;
  clear(): void;
  /** Takes the shop's prices as the order service gave them (see the cart store's reprice). */
  reprice: CartStore['reprice'];
  /** The last change, for screen readers. */
  announcement: string;
  /** A bundle just took its packs out of the cart: what was said, and the cart to go back to. */
  /** What the last add did beyond adding, with the one tap that answers it (Undo, Switch to…). */
  note: { text: string; action: { label: string; run(): void } | null } | null;
};

/** The studio's rates, "about {price}" and "Charged in {currency}." (content/terms.json). */
export type Money = { rates: Rate[]; approximately: string; chargedIn: string };

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
  money,
  children,
}: {
  entries: Pack[];
  currency: string;
  copy: CartCopy;
  money: Money;
  children: ReactNode;
}) {
  const [store] = useState(() =>
    createCartStore(new Map(entries.map((pack) => [pack.slug, pack]))),
  );
  const items = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getServerSnapshot);
  const catalog = useSyncExternalStore(store.subscribe, store.getCatalog, store.getCatalog);
  const [open, setOpen] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const [note, setNote] = useState<CartContext['note']>(null);

  const value = useMemo<CartContext>(() => {
    const nameOf = (slug: string) => catalog.get(slug)?.name ?? slug;
    const switchTo = (bundle: string) => {
      store.dispatch({ type: 'replace', lines: [{ slug: bundle, quantity: 1 }] });
      setNote(null);
      setAnnouncement(fillIn(copy.added, { name: nameOf(bundle) }));
    };
    return {
      items,
      catalog,
      currency,
      copy,
      money,
      open,
      setOpen,
      announcement,
      note,
      add(slug) {
        const name = nameOf(slug);
        const holder = holderOf(items, slug, catalog);
        const sharing = sharingWith(items, slug, catalog);
        const held = linesHeldBy(items, catalog.get(slug));
        const before = items;
        store.dispatch({ type: 'add', slug });
        setNote(null);
        if (holder) {
          setAnnouncement(fillIn(copy.inBundle, { name, bundle: holder.name }));
        } else if (sharing) {
          const names = sharing.packs.map((pack) => pack.name).join(', ');
          const text = fillIn(copy.shares, { bundle: name, names, other: sharing.item.name });
          // The item that holds both for less, if there is one: one tap to it.
          const cheaper = cheaperWay([...items, { slug, quantity: 1 }], catalog);
          setAnnouncement(text);
          setNote({
            text,
            action: cheaper && {
              label: fillIn(copy.takeCheaper, { bundle: cheaper.item.name }),
              run: () => switchTo(cheaper.item.slug),
            },
          });
        } else if (held.length > 0) {
          const names = held.map((line) => nameOf(line.slug)).join(', ');
          const text = fillIn(copy.takenOut, { bundle: name, names });
          setAnnouncement(text);
          setNote({
            text,
            action: {
              label: copy.undo,
              run() {
                store.dispatch({ type: 'replace', lines: before });
                setNote(null);
                setAnnouncement(fillIn(copy.removed, { name }));
              },
            },
          });
        } else {
          const present = items.some((line) => line.slug === slug);
          setAnnouncement(fillIn(present ? copy.alreadyIn : copy.added, { name }));
        }
        setOpen(true);
      },
      switchTo,
      remove(slug) {
        store.dispatch({ type: 'remove', slug });
        setNote(null);
        setAnnouncement(fillIn(copy.removed, { name: nameOf(slug) }));
      },
      clear() {
        store.dispatch({ type: 'clear' });
      },
      reprice: store.reprice,
    };
  }, [items, catalog, currency, copy, money, open, announcement, note, store]);

  return <Context value={value}>{children}</Context>;
}
