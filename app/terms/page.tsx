import { AppGuide, termsWords } from '@/components/shop/app-guide';
import { LicenceLists } from '@/components/shop/buy-box';
import { PageHeader } from '@/components/ui/page-header';
import { Section } from '@/components/ui/section';
import { terms } from '@/lib/content';
import { pageMetadata } from '@/lib/metadata';
import { settings } from '@/lib/settings';
import styles from './terms.module.css';

export const metadata = pageMetadata({
  title: terms.title,
  description: terms.description,
  path: '/terms/',
});

/**
 * The terms of sale (content/terms.json): the licence, then refunds, delivery, who sells and how
 * to ask, with the same numbers as every buy button; then the app guide.
 */
export default function TermsPage() {
  const values = { days: settings.links.days, downloads: settings.links.downloads };
  return (
    <>
      <PageHeader heading={terms.heading} intro={terms.intro} />
      <Section>
        <div className={styles.body}>
          <section aria-labelledby="terms-licence">
            <h2 id="terms-licence" className={styles.heading}>
              {terms.licence.heading}
            </h2>
            <div className={styles.licence}>
              <LicenceLists />
            </div>
          </section>
          {terms.sections.map((section, index) => (
            <section key={section.heading} aria-labelledby={`terms-${index}`}>
              <h2 id={`terms-${index}`} className={styles.heading}>
                {section.heading}
              </h2>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph}>{termsWords(paragraph, values)}</p>
              ))}
            </section>
          ))}
          <p className={styles.version}>
            {terms.title}, {terms.version}
          </p>
        </div>
      </Section>
      {/* The guide is a region of its own, named by its heading: the section around it is not. */}
      <Section>
        <AppGuide />
      </Section>
    </>
  );
}
