import { ContentPage, contentPageMetadata } from '@/components/ui/content-page';
import { EnquiryForm } from '@/components/enquiry/enquiry-form';
import { availability, contact, pages, site } from '@/lib/content';
import { tabTitle } from '@/lib/metadata';
import { settings } from '@/lib/settings';
import styles from './contact.module.css';

export const metadata = contentPageMetadata('contact');

export default function ContactPage() {
  return (
    <ContentPage name="contact">
      <div className={styles.layout}>
        <EnquiryForm
          formKey={settings.formspreeFormKey}
          turnstileSiteKey={settings.turnstileSiteKey}
          contact={contact}
          schedulingUrl={settings.schedulingUrl}
          phone={site.phone}
          availability={availability}
          copyEmailed={settings.formspreeAutoresponse}
          studioName={site.name}
          pageTitle={tabTitle(pages.contact.title)}
        />
        <aside className={styles.call} aria-labelledby="call-heading">
          <h2 id="call-heading" className={styles.callHeading}>
            {contact.phoneLabel}
          </h2>
          <label htmlFor="studio-phone" className="visually-hidden">
            Studio phone number to call
          </label>
          <input
            id="studio-phone"
            className={styles.phone}
            type="tel"
            value={site.phone}
            readOnly
            aria-describedby="studio-call"
          />
          <a
            id="studio-call"
            className={styles.callLink}
            href={`tel:${site.phone.replace(/[^+\d]/g, '')}`}
          >
            Call {site.phone}
          </a>
          <p className={styles.email}>
            or write to <a href={`mailto:${site.email}`}>{site.email}</a>
          </p>
        </aside>
      </div>
    </ContentPage>
  );
}
