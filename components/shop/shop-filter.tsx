'use client';

import { useSyncExternalStore, type ReactNode } from 'react';
import { fillIn } from '@/lib/shared/copy';
import type { ShopCopy } from '@/lib/content';
import styles from './shop-filter.module.css';

type Item = { key: string; categories: string[]; node: ReactNode };

const PARAM = 'category';
const CHANGE = 'shop-category-change';

function subscribe(onChange: () => void) {
  window.addEventListener('popstate', onChange);
  window.addEventListener(CHANGE, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(CHANGE, onChange);
  };
}

/**
 * The shop's category filter. The chosen category lives in the address (?category=FILM), so it
 * can be shared, survives a reload and follows the back button; the HTML shows every item.
 */
export function ShopFilter({
  categories,
  all,
  items,
  gridClassName,
  itemClassName,
  words,
}: {
  categories: string[];
  all: string;
  items: Item[];
  gridClassName: string;
  itemClassName: string;
  words: ShopCopy['filter'];
}) {
  const wanted = useSyncExternalStore(
    subscribe,
    () => new URLSearchParams(window.location.search).get(PARAM)?.toUpperCase() ?? all,
    () => all,
  );
  const active = [all, ...categories].includes(wanted) ? wanted : all;

  const choose = (category: string) => {
    const url = new URL(window.location.href);
    if (category === all) url.searchParams.delete(PARAM);
    else url.searchParams.set(PARAM, category);
    window.history.pushState(window.history.state, '', url);
    window.dispatchEvent(new Event(CHANGE));
  };

  const shown = items.filter((item) => active === all || item.categories.includes(active));
  return (
    <>
      <div className={styles.filters} role="group" aria-label="Filter by category">
        {[all, ...categories].map((category) => (
          <button
            key={category}
            type="button"
            className={styles.filter}
            aria-pressed={category === active}
            onClick={() => choose(category)}
          >
            {category}
          </button>
        ))}
      </div>
      <p className="visually-hidden" role="status" aria-live="polite">
        {fillIn(words.shown, { count: shown.length, category: active })}
      </p>
      <ul className={gridClassName} aria-label={fillIn(words.list, { category: active })}>
        {shown.map((item) => (
          <li key={item.key} className={itemClassName}>
            {item.node}
          </li>
        ))}
      </ul>
    </>
  );
}
