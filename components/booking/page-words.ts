// What the booking's pages take from content, once for the three of them.
import { booking, checkoutCopy } from '@/lib/content';
import { settings } from '@/lib/settings';

/** The words of PayPal's buttons the checkout uses too (content/checkout.json). */
export const paymentWords = {
  scriptFailed: checkoutCopy.messages.scriptFailed,
  retry: checkoutCopy.retryLabel,
  loading: checkoutCopy.loadingPayPal,
};

export const bookingWords = booking.words;

/** The service and PayPal, as this build is set up. */
export const services = {
  apiBaseUrl: settings.apiBaseUrl,
  paypalClientId: settings.paypalClientId,
};
