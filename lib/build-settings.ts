// Which build settings are unset, and which would ship development settings to the public. A
// build is a production build when NEXT_PUBLIC_SITE_URL names a public address: one that is not
// this machine nor a reserved name (.example, .test, .invalid, .localhost, .local).

/** The settings of .env.example, by name, with what a production build requires of each. */
const rules: Record<string, (value: string | undefined) => string | null> = {
  NEXT_PUBLIC_SITE_URL: (value) =>
    value?.startsWith('https://') ? null : `is "${value}": a public site is served over https`,
  NEXT_PUBLIC_PAYPAL_CLIENT_ID: (value) =>
    !value || value === 'test'
      ? 'is PayPal\'s sandbox id "test": set the client id of the live PayPal app'
      : null,
  NEXT_PUBLIC_API_BASE_URL: (value) => {
    if (!value)
      return "is not set: the checkout would post to http://127.0.0.1:8787, the visitor's own machine";
    if (isLocal(value))
      return `is ${value}, the visitor's own machine: set the public https address of the order-confirmation service`;
    return value.startsWith('https://')
      ? null
      : `is ${value}: the service must be reached over https`;
  },
  NEXT_PUBLIC_FORMSPREE_FORM_KEY: (value) =>
    !value || value === 'your-form-key'
      ? "is the placeholder: set the key of the studio's Formspree form, or enquiries are lost"
      : null,
};

function isLocal(address: string): boolean {
  let host: string;
  try {
    host = new URL(address).hostname;
  } catch {
    return true;
  }
  return (
    host === 'localhost' ||
    host === '[::1]' ||
    /^127\./.test(host) ||
    /\.(example|test|invalid|localhost|local)$/.test(host)
  );
}

/** True when the build is for the public site (see above). */
export function isProductionBuild(env: Record<string, string | undefined>): boolean {
  const site = env.NEXT_PUBLIC_SITE_URL;
  return !!site && !isLocal(site);
}

/** Each development setting a production build would ship, as "NAME what is wrong"; [] otherwise. */
export function productionProblems(env: Record<string, string | undefined>): string[] {
  if (!isProductionBuild(env)) return [];
  return Object.entries(rules).flatMap(([name, rule]) => {
    const problem = rule(env[name]);
    return problem ? [`${name} ${problem}`] : [];
  });
}
