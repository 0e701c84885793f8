import { Link } from '@/components/ui/link';
import { Picture } from '@/components/media/picture';
import { PresetTiles } from '@/components/shop/preset-tiles';
import { PageHeader } from '@/components/ui/page-header';
import { Section } from '@/components/ui/section';
import { education, pages, productsOf, site } from '@/lib/content';
import { pageMetadata } from '@/lib/metadata';
import { formatPrice, toCents } from '@/lib/shared/money';
import styles from './education.module.css';
import button from '@/components/ui/button.module.css';

export const metadata = pageMetadata({
  ...pages.education,
  path: '/education/',
  image: education.image,
});

export default function EducationPage() {
  return (
    <>
      <PageHeader
        heading={pages.education.heading}
        intro={pages.education.intro}
        eyebrow="For photographers"
      />
      <Section label="Offers">
        <div className={styles.offers}>
          <Picture
            image={education.image}
            sizes="(min-width: 900px) 33vw, 100vw"
            priority
            className={styles.image}
          />
          {education.offers.map((offer) => (
            <article key={offer.name} className={styles.offer} data-status={offer.status}>
              <h2 className={styles.name}>{offer.name}</h2>
              {offer.status === 'coming-soon' && <p className={styles.soon}>Coming soon</p>}
              <p className={styles.price}>{formatPrice(toCents(offer.price)!, site.currency)}</p>
              <ul className={styles.details}>
                {offer.details.map((detail) => (
                  <li key={detail}>{detail}</li>
                ))}
              </ul>
              <p>{offer.description}</p>
              {offer.link && offer.status === 'available' && (
                <Link className={`${button.primary} ${styles.push}`} href={offer.link.href}>
                  {offer.link.label}
                </Link>
              )}
            </article>
          ))}
        </div>
      </Section>
      <Section label={education.shop.heading}>
        <div className={styles.shopHead}>
          <div>
            <h2 className={styles.shopHeading}>{education.shop.heading}</h2>
            <p className={styles.shopText}>{education.shop.text}</p>
          </div>
          <Link className={button.primary} href={education.shop.link.href}>
            {education.shop.link.label}
          </Link>
        </div>
        <PresetTiles presets={productsOf('pack').slice(0, 4)} label="Presets" />
      </Section>
    </>
  );
}
