import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const outDir = path.resolve('out');

/** Every file of the static export, as a path relative to out/ with forward slashes. */
export function outFiles(dir = outDir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? outFiles(full) : [path.relative(outDir, full)];
  });
}

export const readOut = (file: string) => readFileSync(path.join(outDir, file), 'utf8');

/** Looks like a secret or a private download address: what must never reach out/. */
export const secretPatterns: [string, RegExp][] = [
  ['private key', /-----BEGIN [A-Z ]*PRIVATE KEY-----/],
  ['AWS access key', /\bAKIA[0-9A-Z]{16}\b/],
  ['Stripe secret key', /\b[sr]k_(live|test)_[0-9a-zA-Z]{16,}/],
  ['GitHub token', /\bgh[pousr]_[A-Za-z0-9]{36}\b/],
  ['Google API key', /\bAIza[0-9A-Za-z_-]{35}\b/],
  ['JSON web token', /\beyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}/],
  [
    'credentials in a URL',
    /\b(smtps?|https?|postgres(ql)?|mysql|redis):\/\/[^\s"'/:@]+:[^\s"'/@]+@/,
  ],
  [
    'a service setting',
    /\b(PAYPAL_CLIENT_SECRET|DOWNLOAD_SECRET|SMTP_URL|DATABASE_PATH|PACKS_DIR)\b/,
  ],
  ['the development download secret', /local-development-secret/],
  ['a download link', /\/download\/[A-Za-z0-9_-]{22}\.\d{13}\./],
  ['a pack file', /[\w-]+\.zip\b/],
];

/** The patterns a text matches, by name. */
export function secretsIn(text: string): string[] {
  return secretPatterns.filter(([, pattern]) => pattern.test(text)).map(([name]) => name);
}

/** The attribute values of every tag of a kind in an HTML page (entities decoded). */
export function tags(html: string, tag: string): Record<string, string>[] {
  return [...html.matchAll(new RegExp(`<${tag}\\b([^>]*)>`, 'gi'))].map((match) =>
    Object.fromEntries(
      [...match[1]!.matchAll(/([\w:-]+)="([^"]*)"/g)].map(([, name, value]) => [
        name!.toLowerCase(),
        value!
          .replace(/&amp;/g, '&')
          .replace(/&quot;/g, '"')
          .replace(/&#x27;/g, "'"),
      ]),
    ),
  );
}
