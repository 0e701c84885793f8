import { beforeEach, describe, expect, test } from '@jest/globals';
import { CART_STORAGE_KEY } from '@/lib/browser/cart';
import type { Catalog } from '@/lib/shared/order';
import { createCartStore } from './cart-store';

const pack = (slug: string, name: string, priceCents: number) => ({
  slug,
  name,
  priceCents,
  image: `/media/${slug}.webp`,
});
const catalog: Catalog = new Map(
  [pack('stoic-pack', 'Stoic Pack', 3999), pack('awaken', 'Awaken', 3499)].map((each) => [
    each.slug,
    each,
  ]),
);

describe('the cart store takes the prices the order service gives', () => {
  beforeEach(() => window.localStorage.clear());

  test('a repriced pack keeps its place; a pack no longer sold leaves the cart and storage', () => {
    const store = createCartStore(catalog);
    store.dispatch({ type: 'add', slug: 'stoic-pack' });
    store.dispatch({ type: 'add', slug: 'awaken' });
    let changes = 0;
    const unsubscribe = store.subscribe(() => (changes += 1));
    store.reprice([{ slug: 'stoic-pack', name: 'Stoic Pack', priceCents: 4450 }], ['awaken']);
    unsubscribe();
    expect(changes).toBe(1);
    expect(store.getSnapshot()).toEqual([{ slug: 'stoic-pack', quantity: 1 }]);
    expect(store.getCatalog().get('stoic-pack')?.priceCents).toBe(4450);
    expect(store.getCatalog().has('awaken')).toBe(false);
    expect(JSON.parse(window.localStorage.getItem(CART_STORAGE_KEY)!)).toEqual([
      {
        id: 'Stoic Pack',
        name: 'Stoic Pack',
        price: 44.5,
        image: '/media/stoic-pack.webp',
        quantity: 1,
      },
    ]);
  });
});
