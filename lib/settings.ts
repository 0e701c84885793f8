import { site } from '@/lib/content';

/** Build-time settings (see .env.example); each falls back to a safe default. */
export const settings = {
  siteUrl: (process.env.NEXT_PUBLIC_SITE_URL || site.url).replace(/\/+$/, ''),
  schedulingUrl: process.env.NEXT_PUBLIC_SCHEDULING_URL || site.schedulingUrl,
  /** The Formspree form of the contact page; the placeholder renders the form but cannot send. */
  /** PayPal REST app client id; "test" is PayPal's sandbox. */
  paypalClientId: process.env.NEXT_PUBLIC_PAYPAL_CLIENT_ID || 'test',
  /** The order-confirmation service (server/). */
  apiBaseUrl: process.env.NEXT_PUBLIC_API_BASE_URL || 'http://127.0.0.1:8787',
  /** Google Analytics 4; analytics is off without it. */
  gaMeasurementId: process.env.NEXT_PUBLIC_GA_MEASUREMENT_ID || undefined,
  formspreeFormKey: process.env.NEXT_PUBLIC_FORMSPREE_FORM_KEY || 'your-form-key',
};
