import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import PostalMime, { type Email } from 'postal-mime';
import { outboxDir } from '../service';

/** The e-mails the local order-confirmation service wrote into its outbox that mention `text`. */
export async function emailsAbout(text: string, count: number): Promise<Email[]> {
  let found: Email[] = [];
  await expect(async () => {
    const files = readdirSync(outboxDir).filter((file) => file.endsWith('.eml'));
    const mentioning = files
      .map((file) => readFileSync(path.join(outboxDir, file)))
      .filter((raw) => raw.includes(text));
    found = await Promise.all(mentioning.map((raw) => PostalMime.parse(raw)));
    expect(found).toHaveLength(count);
  }).toPass({ timeout: 10_000 });
  return found;
}
