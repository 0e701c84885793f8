/**
 * Cloudflare Turnstile, the enquiry's bot check when NEXT_PUBLIC_TURNSTILE_SITE_KEY is set: its
 * script (rendered explicitly, on the Check your answers step), and the field Formspree reads the
 * widget's token from.
 */
export const TURNSTILE_SCRIPT =
  'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';
export const TURNSTILE_FIELD = 'cf-turnstile-response';
