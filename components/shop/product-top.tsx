import type { ReactNode } from 'react';
import styles from './product-top.module.css';

/**
 * The top of a product's page: its name, the buy box (price, Add to Cart, the terms),
 * its pictures and what it is. Beside each other on a wide screen; on a phone the name and the
 * buy box come first, so that Add to Cart and the terms are in the first screen.
 */
export function ProductTop({
  eyebrow,
  name,
  buy,
  media,
  about,
}: {
  eyebrow: string;
  name: string;
  buy: ReactNode;
  media: ReactNode;
  about: ReactNode;
}) {
  return (
    <div className={styles.top}>
      <div className={styles.head}>
        <p className={styles.eyebrow}>{eyebrow}</p>
        <h1 className={styles.name}>{name}</h1>
      </div>
      <div className={styles.buy}>{buy}</div>
      <div className={styles.media}>{media}</div>
      <div className={styles.about}>{about}</div>
    </div>
  );
}
