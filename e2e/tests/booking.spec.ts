import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import PostalMime, { type Email } from 'postal-mime';
import { booking } from '@/lib/content';
import { ENQUIRY, proposalFromEnquiry } from '@/server/testing/booking';
import { fillIn } from '@/lib/shared/copy';
import { violations } from '../fixtures/axe';
import { expect, test } from '../fixtures';
import { apiBase, outboxDir, STAFF } from '../service';

const [DESK, SETUP] = STAFF;
import { stubPayPal } from '../stubs/paypal';

const words = booking.words;
const studioWords = booking.studio;

// A wedding booked on the site: the couple on a phone (open, ask a change, both sign with the
// e-mailed code, the PDF mailed, the retainer paid with the fake PayPal, an instalment paid from a
// forwarded link), the studio at a desktop (sign in by e-mailed link, create from the enquiry's
// eventsJson, send, move an event, record an e-Transfer); axe in every state.

/** The newest e-mail of the service's outbox to `to` whose text matches, once it is there. */
async function newestEmail(to: string, pattern: RegExp, after = 0): Promise<Email> {
  let found: Email | undefined;
  await expect(async () => {
    const files = readdirSync(outboxDir)
      .filter((file) => file.endsWith('.eml'))
      .map((file) => path.join(outboxDir, file))
      .filter((file) => statSync(file).mtimeMs >= after)
      .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
    for (const file of files) {
      const email = await PostalMime.parse(readFileSync(file));
      if (email.to?.[0]?.address === to && pattern.test(email.text ?? '')) {
        found = email;
        return;
      }
    }
    throw new Error(`no e-mail to ${to} matching ${pattern}`);
  }).toPass({ timeout: 10_000 });
  return found!;
}

/** This run's couple: addresses of their own (a local run's service keeps earlier runs' mail). */
function couple(test: string) {
  const run = `${test}-${Date.now().toString(36)}`;
  return {
    priya: { name: 'Priya Sharma', email: `priya-${run}@example.com` },
    arjun: { name: 'Arjun Mehta', email: `arjun-${run}@example.com` },
  };
}

/** The studio's session, for the couple's test's setup (the desktop test signs in on the page). */
async function studioSession(request: APIRequestContext, origin: string) {
  const since = Date.now();
  await request.post(`${apiBase}/api/studio/sign-in`, {
    headers: { Origin: origin },
    data: { email: SETUP },
  });
  const letter = await newestEmail(SETUP, /signin=/, since);
  const token = /signin=([\w-]+)/.exec(letter.text!)![1]!;
  const session = await request.post(`${apiBase}/api/studio/session`, {
    headers: { Origin: origin },
    data: { token },
  });
  expect(session.status()).toBe(200);
  const cookie = session.headers()['set-cookie']!.split(';')[0]!;
  return (url: string, data?: unknown) =>
    data === undefined
      ? request.get(`${apiBase}/api/studio${url}`, { headers: { Origin: origin, Cookie: cookie } })
      : request.post(`${apiBase}/api/studio${url}`, {
          headers: { Origin: origin, Cookie: cookie },
          data,
        });
}

/** A signer's code, as the couple reads it in their e-mail. */
const codeFor = async (email: string, since: number) =>
  /Your code is (\d{6})/.exec((await newestEmail(email, /Your code is \d{6}/, since)).text!)![1]!;

/** Saves a screenshot of the page to look at, when E2E_SHOTS names a folder. */
async function look(page: Page, name: string) {
  if (process.env.E2E_SHOTS) {
    await page.screenshot({
      path: path.join(process.env.E2E_SHOTS, `${name}.png`),
      fullPage: true,
    });
  }
}

test.describe('a wedding booked on the site', () => {
  test('the couple, on a phone: read, ask a change, both sign, pay the retainer; family pays a forwarded link', async ({
    page,
    request,
    baseURL,
    isMobile,
    problems,
  }) => {
    test.skip(!isMobile, 'the couple books on a phone');
    test.slow();
    problems.allow(/api\/booking\/(sign|pay)/);
    const origin = new URL(baseURL!).origin;
    const { priya, arjun } = couple('phone');
    const paypal = await stubPayPal(page);
    const studio = await studioSession(request, origin);
    const input = proposalFromEnquiry([priya, arjun]);
    const made = (await (await studio('/bookings', input)).json()) as { id: string };
    const since = Date.now();
    await studio(`/bookings/${made.id}/send`, {});
    const sent = await newestEmail(priya.email, /\/proposal\/#/, since);
    const link = /(\/proposal\/#\S+)/.exec(sent.text!)![1]!;

    // Without its link's token, the page says where the link is.
    await page.goto('/proposal/');
    await expect(page.getByText(words.noLink)).toBeVisible();
    expect(await violations(page)).toEqual([]);

    await page.goto(link);
    await expect(page.getByRole('heading', { name: words.events })).toBeVisible();
    await expect(page.getByText('Anand Karaj', { exact: true })).toBeVisible();
    await expect(page.getByText('CA$6,300.00').first()).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await look(page, 'proposal-phone');

    // A change asked for; the studio's new version says what changed.
    await page.getByText(words.askChange, { exact: true }).first().click();
    await page.getByLabel(words.askChangeHint).fill('Could the reception be at the Hyatt Regency?');
    await page.getByRole('button', { name: words.askChange }).click();
    await expect(page.getByText(words.changeSent)).toBeVisible();
    input.events[2]!.venue = 'Hyatt Regency';
    expect((await studio(`/bookings/${made.id}`, input)).status()).toBe(200);
    await page.reload();
    await expect(
      page.getByText(/This version changes: Reception: venue now “Hyatt Regency”/),
    ).toBeVisible();

    // Both partners sign, each with the code e-mailed to them.
    for (const who of [priya, arjun]) {
      const asked = Date.now();
      // Priya is first of the two to choose from; Arjun is then the one left to sign.
      if (who === arjun)
        await expect(page.getByText(fillIn(words.waitingFor, { name: arjun.name }))).toBeVisible();
      await page.getByLabel(words.consent).check();
      await page.getByLabel(words.signerName).fill(who.name);
      await page
        .getByRole('button', { name: fillIn(words.sendCode, { email: who.email }) })
        .click();
      await expect(page.getByText(fillIn(words.codeSent, { email: who.email }))).toBeVisible();
      // The finger lifts: axe reads the button as it rests, not mid-way through its hover.
      await page.mouse.move(0, 0);
      expect(await violations(page)).toEqual([]);
      await page.getByLabel(words.code).fill(await codeFor(who.email, asked));
      await page.getByRole('button', { name: words.sign, exact: true }).click();
      if (who === priya) await expect(page.getByText(`✓ ${priya.name}`)).toBeVisible();
    }
    await expect(page.getByRole('button', { name: words.download })).toBeVisible();
    for (const to of [priya.email, arjun.email]) {
      const signed = await newestEmail(to, /SHA-256 of the signed text/, since);
      expect(signed.attachments.map((file) => file.mimeType)).toEqual(['application/pdf']);
    }
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: words.download }).click();
    expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
    expect(await violations(page)).toEqual([]);
    await look(page, 'signed-phone');

    // The retainer through (the fake) PayPal; the receipt on the page and in the e-mail.
    await page.reload();
    await expect(page.getByRole('heading', { name: words.payRetainer })).toBeVisible();
    await page.getByRole('button', { name: 'PayPal' }).click();
    await expect(page.locator('[data-instalment="retainer"]')).toContainText('Paid');
    await expect(page.getByText(/Thank you: CA\$1,000\.00 received on/)).toBeVisible();
    expect(paypal.approvals).toHaveLength(1);
    await newestEmail(priya.email, /Retainer: CA\$1,000\.00, paid by Priya Sharma/, since);
    expect(await violations(page)).toEqual([]);
    await look(page, 'retainer-paid-phone');

    // The mehndi's own link, forwarded to an aunt, who pays it under her own name.
    const detail = (await (await studio(`/bookings/${made.id}`)).json()) as {
      instalments: { id: string; payToken?: string }[];
    };
    const payToken = detail.instalments.find((each) => each.id === 'e1')!.payToken!;
    await page.goto(`/pay/#${payToken}`);
    await expect(page.getByText(/Balance for Mehndi/).first()).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await page.getByLabel(words.payerName).fill('Kamal Sharma');
    await page.getByRole('button', { name: 'PayPal' }).click();
    await expect(page.getByText(/\(Kamal Sharma\)/)).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await look(page, 'pay-link-phone');
  });

  test('the studio, at a desk: signs in by e-mail link, proposes from the enquiry, sends, moves an event, records an e-Transfer', async ({
    page,
    request,
    baseURL,
    isMobile,
  }) => {
    test.skip(isMobile, 'the studio works at a desk');
    test.slow();
    const origin = new URL(baseURL!).origin;
    const { priya, arjun } = couple('desk');

    await page.goto('/studio/');
    await expect(page.getByRole('heading', { name: studioWords.signInHeading })).toBeVisible();
    expect(await violations(page)).toEqual([]);
    const since = Date.now();
    await page.getByLabel(studioWords.email).fill(DESK);
    await page.getByRole('button', { name: studioWords.signIn }).click();
    await expect(page.getByText(studioWords.linkSent)).toBeVisible();
    const letter = await newestEmail(DESK, /signin=/, since);
    const signIn = /(\/studio\/#signin=[\w-]+)/.exec(letter.text!)![1]!;
    await page.goto(signIn);
    await expect(page.getByText(fillIn(studioWords.signedInAs, { email: DESK }))).toBeVisible();
    expect(new URL(page.url()).hash, 'the one-time link is cleared from the address').toBe('');
    const cookie = (await page.context().cookies(`${apiBase}/api/studio/me`)).find(
      (each) => each.name === 'studio_session',
    )!;
    expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict' });

    await page.getByRole('button', { name: studioWords.newBooking }).click();
    await page.getByLabel(studioWords.enquiry).fill(ENQUIRY);
    await page.getByRole('button', { name: studioWords.readEnquiry }).click();
    await expect(page.getByLabel(studioWords.eventName).nth(2)).toHaveValue('Reception');
    await expect(page.getByLabel(studioWords.price).first()).toHaveValue('1200');
    await page.getByLabel(studioWords.couple, { exact: true }).fill('Simran & Kabir');
    await page.getByLabel(studioWords.signerName).first().fill(priya.name);
    await page.getByLabel(studioWords.signerEmail).first().fill(priya.email);
    await page.getByLabel(studioWords.signerName).nth(1).fill(arjun.name);
    await page.getByLabel(studioWords.signerEmail).nth(1).fill(arjun.email);
    expect(await violations(page)).toEqual([]);
    await look(page, 'studio-new-desktop');
    await page.getByRole('button', { name: studioWords.create }).click();
    await expect(page.getByRole('heading', { name: /Simran & Kabir/ })).toBeVisible();
    // Before it goes, the studio changes it: the reception's venue.
    await page.getByRole('button', { name: studioWords.edit }).click();
    await page.getByLabel(studioWords.venue).nth(2).fill('Hyatt Regency');
    await page.getByRole('button', { name: studioWords.create }).click();
    await expect(page.getByText('Hyatt Regency, Vancouver')).toBeVisible();
    await page.getByRole('button', { name: studioWords.send }).click();
    await expect(page.getByText(studioWords.proposalLink)).toBeVisible();
    const link = await page.getByRole('link', { name: /\/proposal\/#/ }).getAttribute('href');
    const token = link!.split('#')[1]!;

    // The couple sign (their part is the phone test's): the studio's page then offers the rest.
    const asCouple = (url: string, data: unknown) =>
      request.post(`${apiBase}/api/booking${url}`, { headers: { Origin: origin }, data });
    let view = (await (await asCouple('/open', { token })).json()) as {
      toSign: { sha256: string };
    };
    for (const [signer, who] of [priya, arjun].entries()) {
      const asked = Date.now();
      await asCouple('/code', { token, signer });
      const code = await codeFor(who.email, asked);
      view = await (
        await asCouple('/sign', {
          token,
          signer,
          name: who.name,
          code,
          consent: true,
          sha256: view.toSign.sha256,
        })
      ).json();
    }
    await page.getByRole('button', { name: studioWords.back }).click();
    await expect(page.getByRole('table', { name: studioWords.bookings })).toBeVisible();
    expect(await violations(page)).toEqual([]);
    // The newest of this couple's bookings (the phone's test books another couple meanwhile).
    await page.getByRole('button', { name: 'Simran & Kabir' }).first().click();
    // The booking's page, signed: the move comes with it (the list says "Signed" too).
    await expect(page.getByRole('heading', { name: studioWords.move })).toBeVisible();

    // The reception moves three weeks: only its own instalment's date moves.
    const dues = async () =>
      Object.fromEntries(
        await page
          .locator('[data-instalment]')
          .evaluateAll((rows) =>
            rows.map((row) => [
              row.getAttribute('data-instalment'),
              row.querySelector('th')!.textContent,
            ]),
          ),
      ) as Record<string, string>;
    const before = await dues();
    await page.getByRole('combobox', { name: studioWords.event, exact: true }).selectOption('e3');
    await page.getByLabel(studioWords.moveTo).fill('2027-10-03');
    await page.getByRole('button', { name: studioWords.move }).last().click();
    await expect(page.locator('[data-instalment="e3"]')).toContainText('Sep 3, 2027');
    const after = await dues();
    expect({ ...after, e3: null }).toEqual({ ...before, e3: null });

    // An Interac e-Transfer for the ceremony, recorded.
    await page
      .getByRole('combobox', { name: studioWords.instalment, exact: true })
      .selectOption('e2');
    await page
      .getByRole('combobox', { name: studioWords.method, exact: true })
      .selectOption('etransfer');
    await page.getByRole('button', { name: studioWords.record }).click();
    await expect(page.locator('[data-instalment="e2"]')).toContainText('Paid');
    await newestEmail(
      priya.email,
      /Balance for Anand Karaj: CA\$2,120\.00, paid by Priya Sharma/,
      since,
    );
    await expect(
      page.getByText(
        'payment · Balance for Anand Karaj CA$2,120.00 paid by Priya Sharma through Interac e-Transfer',
      ),
    ).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await look(page, 'studio-booking-desktop');

    // The wedding is called off: cancelled under the terms, once, and nothing more can be sent.
    await page.getByText(studioWords.cancel, { exact: true }).first().click();
    await page.getByRole('button', { name: studioWords.cancel }).click();
    await expect(
      page.getByRole('heading', {
        level: 2,
        name: new RegExp(`${studioWords.statuses.cancelled}$`),
      }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: studioWords.sendAgain })).toHaveCount(0);
    await expect(
      page.getByText(/cancelled · The terms give (back CA\$[\d,.]+|nothing back)/),
    ).toBeVisible();
    // The couple are told what comes back.
    await newestEmail(
      priya.email,
      /This booking is cancelled: nothing more can be paid\s+on\s+it\.\s+Its\s+contract\s+gives/,
      since,
    );
    await look(page, 'studio-booking-cancelled-desktop');

    // A notice's link to the booking opens it on the desk.
    await page.goto('/');
    await page.goto(`/studio/#booking=${token.split('.')[0]}`);
    await expect(
      page.getByRole('heading', {
        level: 2,
        name: new RegExp(`${studioWords.statuses.cancelled}$`),
      }),
    ).toBeVisible();
  });
});
