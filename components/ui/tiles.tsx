import type { ReactNode } from 'react';
import { Picture } from '@/components/media/picture';
import type { Image } from '@/lib/content';
import { SiteLink } from './site-link';
import styles from './tiles.module.css';

const tileSizes = '(min-width: 1100px) 400px, (min-width: 700px) 33vw, 50vw';

export function TileGrid({ children, label }: { children: ReactNode; label: string }) {
  return (
    <ul className={styles.grid} aria-label={label}>
      {children}
    </ul>
  );
}

export function CardGrid({ children, label }: { children: ReactNode; label: string }) {
  return (
    <ul className={`${styles.grid} ${styles.cards}`} aria-label={label}>
      {children}
    </ul>
  );
}

/** The class a custom tile control (such as a quick-view button) takes to look like a tile. */
export const tileClassName = styles.link ?? '';
export const tileGridClassName = styles.grid ?? '';
export const tileItemClassName = styles.tile ?? '';

/** A tile's photo with its name (and a detail such as the price) over it. */
export function TileBody({
  image,
  title,
  detail,
  decorative,
  priority,
}: {
  image: Image;
  title: string;
  detail?: ReactNode;
  decorative: boolean;
  /** On the first screen (see Picture). */
  priority?: boolean;
}) {
  return (
    <>
      <Picture
        image={image}
        sizes={tileSizes}
        priority={priority}
        fill
        decorative={decorative}
        className={styles.photo}
      />
      <span className={styles.caption}>
        <span className={styles.title}>{title}</span>
        {detail && <span className={styles.detail}>{detail}</span>}
      </span>
    </>
  );
}

/** A portrait photo with its name over it; a link when it has somewhere to go. */
export function Tile({
  image,
  title,
  detail,
  href,
  priority,
}: {
  image: Image;
  title: string;
  detail?: ReactNode;
  href?: string;
  priority?: boolean;
}) {
  const body = (
    <TileBody
      image={image}
      title={title}
      detail={detail}
      decorative={Boolean(href)}
      priority={priority}
    />
  );
  return (
    <li className={styles.tile}>
      {href ? (
        <SiteLink href={href} className={styles.link}>
          {body}
        </SiteLink>
      ) : (
        <div className={styles.link}>{body}</div>
      )}
    </li>
  );
}

/** A landscape photo above a title, a line of text and a link. */
export function Card({
  image,
  title,
  description,
  href,
  priority,
}: {
  image: Image;
  title: string;
  description: string;
  href: string;
  priority?: boolean;
}) {
  return (
    <li className={styles.card}>
      <SiteLink href={href} className={styles.cardLink}>
        <Picture
          image={image}
          sizes="(min-width: 1100px) 400px, (min-width: 700px) 50vw, 100vw"
          priority={priority}
          fill
          className={styles.cardPhoto}
        />
        <span className={styles.cardTitle}>{title}</span>
      </SiteLink>
      <p className={styles.cardText}>{description}</p>
    </li>
  );
}
