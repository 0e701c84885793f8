// @formspree/react imports Stripe for card payments taken through Formspree forms. This site takes
// none (PayPal sells the presets), so next.config.mjs points the browser build's Stripe imports
// here: the contact page's JavaScript loses about 5 KB (gzip). Formspree calls these only for a
// form given a Stripe key.
function notBundled(): never {
  throw new Error('Stripe is not part of this site: see lib/browser/no-stripe.ts');
}

export const CardElement = notBundled;
export const Elements = notBundled;
export const useElements = notBundled;
export const loadStripe = notBundled;
