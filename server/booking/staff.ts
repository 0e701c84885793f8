// The studio's sign-in: a link e-mailed to an address the service lists as staff (STUDIO_STAFF),
// used once within 15 minutes, opens a session kept in an HttpOnly, Secure, SameSite=Strict
// cookie for 12 hours. Any address is answered alike, so the sign-in tells no one who is staff.
import type Database from 'better-sqlite3';
import { studioNotice } from '../mail/studio';
import type { Message } from '../mail/transport';
import { hashOf, newSecret } from './tokens';

export const LINK_MS = 15 * 60 * 1000;
export const SESSION_MS = 12 * 60 * 60 * 1000;
export const SESSION_COOKIE = 'studio_session';

export function staffAccess(
  db: Database.Database,
  options: {
    staff: () => string[];
    /** An address's bound: no new link while one this recent is unused; a few an hour. */
    links: { intervalMs: number; perHour: number };
    siteUrl: () => string;
    queue: (message: Message) => void;
    now: () => number;
  },
) {
  const { now } = options;
  return {
    /** E-mails a sign-in link when the address is staff; silent otherwise. */
    requestLink(email: string) {
      const address = email.trim().toLowerCase();
      if (!options.staff().includes(address)) return;
      // Bounded per address as well as per client: a flood from many clients sends a staff
      // inbox a few links, and no buyer's e-mail waits behind the rest.
      const at = now();
      const recent = db
        .prepare<[number, string, number], { links: number; fresh: number }>(
          `SELECT count(*) AS links,
             coalesce(sum(usedAt IS NULL AND expiresAt - ${LINK_MS} > ?), 0) AS fresh
           FROM staff_links WHERE email = ? AND expiresAt > ?`,
        )
        .get(at - options.links.intervalMs, address, at - 60 * 60 * 1000 + LINK_MS)!;
      if (recent.fresh > 0 || recent.links >= options.links.perHour) return;
      const { secret, hash } = newSecret();
      db.prepare('INSERT INTO staff_links (tokenHash, email, expiresAt) VALUES (?, ?, ?)').run(
        hash,
        address,
        now() + LINK_MS,
      );
      const url = `${options.siteUrl()}/studio/#signin=${secret}`;
      options.queue(
        studioNotice(
          address,
          'Sign in to the studio’s bookings',
          {
            text: `Open this link within 15 minutes to sign in (it works once): ${url}`,
          },
          [],
        ),
      );
    },

    /** A session for a sign-in link used once in time, by an address still on the staff list. */
    startSession(token: string): { cookie: string; email: string } | null {
      const hash = hashOf(token);
      const link = db
        .prepare<[string], { email: string; expiresAt: number; usedAt: number | null }>(
          'SELECT email, expiresAt, usedAt FROM staff_links WHERE tokenHash = ?',
        )
        .get(hash);
      if (!link || link.usedAt || link.expiresAt < now()) return null;
      if (!options.staff().includes(link.email)) return null;
      const used = db
        .prepare('UPDATE staff_links SET usedAt = ? WHERE tokenHash = ? AND usedAt IS NULL')
        .run(now(), hash).changes;
      if (!used) return null;
      const session = newSecret();
      db.prepare(
        'INSERT INTO staff_sessions (idHash, email, createdAt, expiresAt) VALUES (?, ?, ?, ?)',
      ).run(session.hash, link.email, now(), now() + SESSION_MS);
      return { cookie: session.secret, email: link.email };
    },

    /** Who a session cookie is, while it lasts and they are still staff. */
    who(cookie: string | undefined): string | null {
      if (!cookie) return null;
      const row = db
        .prepare<[string], { email: string; expiresAt: number }>(
          'SELECT email, expiresAt FROM staff_sessions WHERE idHash = ?',
        )
        .get(hashOf(cookie));
      if (!row || row.expiresAt < now() || !options.staff().includes(row.email)) return null;
      return row.email;
    },

    endSession(cookie: string | undefined) {
      if (cookie) db.prepare('DELETE FROM staff_sessions WHERE idHash = ?').run(hashOf(cookie));
    },
  };
}

export type StaffAccess = ReturnType<typeof staffAccess>;
