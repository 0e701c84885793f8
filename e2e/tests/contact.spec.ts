import { contact, site } from '@/lib/content';
import { fillIn } from '@/lib/shared/copy';
import { longDate } from '@/lib/enquiry/dates';
import { formatWhole } from '@/lib/enquiry/estimate';
import { violations } from '../fixtures/axe';
import { expect, test, type Page } from '../fixtures';
import { stubFormspree } from '../stubs/formspree';

const formKey = 'your-form-key';
const copy = contact.enquiry;
const label = (name: string) => contact.fields.find((field) => field.name === name)!.label;
/** Next year, so that every date below stays in the future. */
const year = String(new Date().getFullYear() + 1);
/** A label exactly, with or without the required mark (" *"). */
const exactly = (text: string) =>
  new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`);
const longDay = (day: number) => longDate({ year: Number(year), month: 2, day });

const about = {
  name: 'Anika & Dev',
  email: 'anika@example.com',
  howDidYouHear: 'Instagram',
  instagramHandles: '@anika, @dev',
  planner: 'Marigold Events',
};
const cityCountry = 'Surrey, Canada';
const message = 'Three days in February, about 300 guests at the sangeet.';

const event = (page: Page, n: number, of: number) =>
  page.getByRole('group', {
    name: `${fillIn(copy.event.legend, { n })} ${fillIn(copy.event.of, { count: of })}`,
  });

async function fillAbout(page: Page) {
  for (const [name, value] of Object.entries(about)) {
    const input = page.getByLabel(label(name));
    if (name === 'howDidYouHear') await input.selectOption(value);
    else await input.fill(value);
  }
  await page.getByLabel(label('cityCountry')).fill(cityCountry);
  await page.getByLabel(label('message')).fill(message);
}

/** Fills an event's fields (the kind by its label). */
async function fillEvent(
  page: Page,
  n: number,
  of: number,
  values: {
    kind: string;
    day?: string;
    month?: string;
    year?: string;
    city: string;
    venue?: string;
  },
) {
  const group = event(page, n, of);
  await group.getByLabel(copy.event.kind).selectOption({ label: values.kind });
  for (const part of ['day', 'month', 'year'] as const)
    if (values[part]) await group.getByLabel(copy.event[part], { exact: true }).fill(values[part]);
  await group.getByLabel(exactly(copy.event.city)).fill(values.city);
  if (values.venue) await group.getByLabel(copy.event.venue).fill(values.venue);
}

/** A complete enquiry of one event in Canada. */
async function fillComplete(page: Page) {
  await fillAbout(page);
  await fillEvent(page, 1, 1, {
    kind: 'Sangeet',
    day: '12',
    month: '2',
    year,
    city: 'Surrey',
    venue: 'Crystal Banquet Hall',
  });
  await page.getByLabel(copy.country.label).selectOption('Canada');
}

const checkAnswers = (page: Page) => page.getByRole('button', { name: copy.checkLabel }).click();
const send = (page: Page) => page.getByRole('button', { name: contact.submitLabel });

/** Presses Tab until the element named so has focus. */
async function tabTo(page: Page, name: string | RegExp) {
  const target = page.getByRole('button', { name });
  for (let i = 0; i < 80; i++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${name}`);
}

test.describe('the enquiry', () => {
  test('keeps the fixed fields: required ones marked, e-mail typed, the phone to call', async ({
    page,
  }) => {
    await page.goto('/contact/');
    for (const field of contact.fields.filter((f) => f.name !== 'eventDate')) {
      const input = page.getByLabel(field.label, { exact: false }).first();
      if (field.required) await expect(input).toHaveAttribute('required', '');
      else await expect(input).not.toHaveAttribute('required');
    }
    await expect(page.getByLabel(label('email'))).toHaveAttribute('type', 'email');
    const phone = page.getByLabel('Studio phone number');
    await expect(phone).toHaveValue(site.phone);
    await expect(phone).toHaveAttribute('readonly', '');
    await expect(page.getByRole('link', { name: `Call ${site.phone}` })).toHaveAttribute(
      'href',
      /^tel:\+/,
    );
    expect(await violations(page)).toEqual([]);
  });

  test('an incomplete enquiry is not sent: the error summary links to each field', async ({
    page,
  }) => {
    const submissions = await stubFormspree(page, formKey, [{ kind: 'success' }]);
    await page.goto('/contact/');
    await checkAnswers(page);
    const summary = page.getByRole('group', { name: copy.errors.summary });
    await expect(summary).toBeFocused();
    await expect(summary.getByRole('link')).toHaveText([
      'Enter your names',
      'Enter your e-mail address',
      'Choose how you heard about us',
      'Enter the city and country of the wedding',
      'Choose what event 1 is',
      'Enter the city of event 1',
      copy.errors.country,
      'Tell us a little about your celebration',
    ]);
    await summary.getByRole('link', { name: 'Enter the city of event 1' }).click();
    await expect(event(page, 1, 1).getByLabel(exactly(copy.event.city))).toBeFocused();
    await expect(page.getByLabel(label('name'))).toHaveAccessibleDescription('Enter your names');
    expect(await violations(page)).toEqual([]);
    // Each message goes as soon as its field is put right.
    await page.getByLabel(label('name')).fill('Anika');
    await expect(summary.getByRole('link', { name: 'Enter your names' })).toHaveCount(0);
    await expect(send(page)).toHaveCount(0);
    expect(submissions).toHaveLength(0);
  });

  test('a date that has passed and 31 February are refused', async ({ page }) => {
    await page.goto('/contact/');
    await fillComplete(page);
    const first = event(page, 1, 1);
    await first.getByLabel(copy.event.day, { exact: true }).fill('31');
    await checkAnswers(page);
    await expect(
      page.getByRole('link', { name: 'The date of event 1 is not a real date' }),
    ).toBeVisible();
    await first.getByLabel(copy.event.day, { exact: true }).fill('1');
    await first.getByLabel(copy.event.month, { exact: true }).fill('1');
    await first.getByLabel(copy.event.year, { exact: true }).fill('2020');
    await checkAnswers(page);
    await expect(
      page.getByRole('link', { name: 'The date of event 1 has already passed' }),
    ).toBeVisible();
    await expect(first.getByRole('group', { name: copy.event.date })).toHaveAccessibleDescription(
      `${copy.event.dateHint} The date of event 1 has already passed`,
    );
    await first.getByLabel(copy.event.year, { exact: true }).fill(year);
    await checkAnswers(page);
    await expect(page.getByRole('heading', { name: copy.check.heading })).toBeFocused();
  });

  test('three events added and one removed by keyboard alone, checked, then sent as one submission', async ({
    page,
    analyticsHits,
  }) => {
    test.slow(); // four events typed key by key
    const submissions = await stubFormspree(page, formKey, [{ kind: 'success' }]);
    // Holds the answer until the test has seen Send disabled.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`https://formspree.io/f/${formKey}`, async (route) => {
      if (route.request().method() !== 'OPTIONS') await held;
      await route.fallback();
    });
    await page.goto('/contact/');
    await fillAbout(page);
    await fillEvent(page, 1, 1, { kind: 'Mehndi', day: '11', month: '2', year, city: 'Surrey' });

    // Event 2: added from the keyboard; focus lands on its first field.
    await tabTo(page, copy.event.add);
    await page.keyboard.press('Enter');
    await expect(event(page, 2, 2).getByLabel(copy.event.kind)).toBeFocused();
    await page.keyboard.type('Haldi');
    for (const value of ['12', '2', year, 'Delhi']) {
      await page.keyboard.press('Tab');
      await page.keyboard.type(value);
    }
    await tabTo(page, copy.event.add);
    await page.keyboard.press('Enter');
    await expect(event(page, 3, 3).getByLabel(copy.event.kind)).toBeFocused();
    await page.keyboard.type('Sangeet');
    for (const value of ['13', '02', year, 'Surrey', 'Crystal Banquet Hall', '300']) {
      await page.keyboard.press('Tab');
      await page.keyboard.type(value);
    }
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowDown'); // the radio group: "A film"
    await expect(event(page, 3, 3).getByLabel(copy.coverage.film, { exact: true })).toBeChecked();
    await tabTo(page, copy.event.add);
    await page.keyboard.press('Enter');
    await expect(event(page, 4, 4).getByLabel(copy.event.kind)).toBeFocused();
    await page.keyboard.type('Ceremony');
    for (const value of ['14', '2', year, 'Surrey', 'Gurdwara Dasmesh Darbar']) {
      await page.keyboard.press('Tab');
      await page.keyboard.type(value);
    }

    // Event 2 (the haldi in Delhi) removed: focus moves to the event that took its place.
    await tabTo(page, `${copy.event.remove} ${fillIn(copy.event.legend, { n: 2 })}`);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('group', { name: /^Event \d of 3$/ })).toHaveCount(3);
    await expect(event(page, 2, 3).getByLabel(copy.event.kind)).toBeFocused();
    await expect(event(page, 2, 3).getByLabel(copy.event.kind)).toHaveValue('sangeet');
    await expect(page.getByText('Event 2 removed')).toBeAttached();

    await page
      .getByRole('group', { name: copy.event.coverage })
      .getByLabel(copy.coverage.both, { exact: true })
      .check();
    await page.getByLabel(copy.country.label).selectOption('Canada');
    await page.getByLabel(copy.budget.label).selectOption(copy.budget.bands.CAD[2]!);
    await checkAnswers(page);
    await expect(page.getByRole('heading', { name: copy.check.heading })).toBeFocused();
    await expect(page.getByText('Crystal Banquet Hall, Surrey, about 300 guests')).toBeVisible();
    expect(await violations(page)).toEqual([]);

    // Change goes back to its section; Check your answers returns.
    await page
      .getByRole('button', { name: `${copy.check.change} ${copy.sections.message.toLowerCase()}` })
      .click();
    await expect(page.getByRole('heading', { name: copy.sections.message })).toBeFocused();
    await checkAnswers(page);

    await send(page).click();
    await expect(send(page)).toBeDisabled();
    release();
    await expect(page.getByText(contact.success)).toBeVisible();
    await expect(send(page)).toHaveCount(0);

    const lines = [
      `1. Mehndi, ${longDay(11)}, Surrey`,
      `2. Sangeet, ${longDay(13)}, Crystal Banquet Hall, Surrey, about 300 guests, ${copy.coverage.film}`,
      `3. Ceremony (pheras, Anand Karaj, nikah), ${longDay(14)}, Gurdwara Dasmesh Darbar, Surrey`,
    ];
    expect(submissions).toHaveLength(1);
    expect(submissions[0]!.headers['content-type']).toBe('application/json');
    expect(submissions[0]!.fields).toEqual({
      ...about,
      cityCountry,
      message,
      eventDate: `02/11/${year}`,
      events: lines.join('\n'),
      eventsJson: JSON.stringify([
        {
          kind: 'mehndi',
          date: `${year}-02-11`,
          city: 'Surrey',
          venue: '',
          guests: null,
          coverage: null,
        },
        {
          kind: 'sangeet',
          date: `${year}-02-13`,
          city: 'Surrey',
          venue: 'Crystal Banquet Hall',
          guests: 300,
          coverage: 'film',
        },
        {
          kind: 'ceremony',
          date: `${year}-02-14`,
          city: 'Surrey',
          venue: 'Gurdwara Dasmesh Darbar',
          guests: null,
          coverage: null,
        },
      ]),
      coverage: copy.coverage.both,
      country: 'Canada',
      currency: 'CAD',
      budget: copy.budget.bands.CAD[2],
      _subject: `Wedding enquiry: Anika & Dev, 02/11/${year}, Surrey`,
      _gotcha: '',
    });

    // The reply: the timeline, prices in CAD, a call to book with their e-mail filled in.
    const timeline = page.getByRole('list').filter({ hasText: 'Mehndi' });
    await expect(timeline.getByRole('listitem')).toHaveCount(3);
    await expect(timeline.getByRole('listitem').nth(1)).toContainText(
      'Crystal Banquet Hall, Surrey',
    );
    const price = copy.startingPrices.both.CAD;
    await expect(page.getByText(formatWhole(price.perEvent, 'CAD'))).toContainText(
      formatWhole(price.perDay, 'CAD'),
    );
    const book = new URL(
      (await page.getByRole('link', { name: copy.reply.book }).getAttribute('href'))!,
    );
    expect(book.searchParams.get('email')).toBe(about.email);
    expect(book.searchParams.get('name')).toBe(about.name);
    expect(book.searchParams.get('a1')).toContain(`Sangeet 02/13/${year} Surrey`);
    await expect(
      page.getByRole('main').getByRole('link', { name: site.phone, exact: true }),
    ).toBeVisible();
    expect(await violations(page)).toEqual([]);

    // Analytics hears of a lead: how many events and the currency, nothing they typed.
    await expect
      .poll(() => analyticsHits.find((hit) => hit.event === 'generate_lead')?.params)
      .toEqual({ event_count: '3', currency: 'CAD' });

    // The draft is gone: a new visit starts empty.
    await page.reload();
    await expect(page.getByLabel(label('name'))).toHaveValue('');
    await expect(page.getByText(copy.draft.restored)).toHaveCount(0);
  });

  test('a couple in India is answered in rupees', async ({ page }) => {
    await stubFormspree(page, formKey, [{ kind: 'success' }]);
    await page.goto('/contact/');
    await fillComplete(page);
    await page.getByLabel(copy.country.label).selectOption('India');
    await page
      .getByRole('group', { name: copy.event.coverage })
      .getByLabel(copy.coverage.photo, { exact: true })
      .check();
    await expect(page.getByLabel(copy.budget.label).getByRole('option')).toHaveText([
      'Choose one',
      ...copy.budget.bands.INR,
      copy.budget.notSure,
    ]);
    await checkAnswers(page);
    await send(page).click();
    const price = copy.startingPrices.photo.INR;
    await expect(page.getByText(formatWhole(price.perEvent, 'INR'))).toContainText(
      formatWhole(price.perDay, 'INR'),
    );
  });

  test('a reload restores everything typed; Start again clears it', async ({ page }) => {
    await page.goto('/contact/');
    await fillComplete(page);
    await page.getByRole('button', { name: copy.event.add }).click();
    await fillEvent(page, 2, 2, { kind: 'Reception', city: 'Vancouver' });
    await page.reload();
    await expect(page.getByRole('status').filter({ hasText: copy.draft.restored })).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await expect(page.getByLabel(label('name'))).toHaveValue(about.name);
    await expect(page.getByLabel(label('message'))).toHaveValue(message);
    await expect(event(page, 1, 2).getByLabel(copy.event.venue)).toHaveValue(
      'Crystal Banquet Hall',
    );
    await expect(event(page, 1, 2).getByLabel(copy.event.year, { exact: true })).toHaveValue(year);
    await expect(event(page, 2, 2).getByLabel(exactly(copy.event.city))).toHaveValue('Vancouver');
    await expect(page.getByLabel(copy.country.label)).toHaveValue('Canada');
    await page.getByRole('button', { name: copy.draft.startAgain }).click();
    await expect(page.getByLabel(label('name'))).toHaveValue('');
    await page.reload();
    await expect(page.getByLabel(label('name'))).toHaveValue('');
  });

  test('a corrupted draft is set aside, not a broken page', async ({ page }) => {
    await page.addInitScript(() =>
      localStorage.setItem('saanjh.enquiry', '{"version":1,"events":"x'),
    );
    await page.goto('/contact/');
    await expect(page.getByLabel(label('name'))).toHaveValue('');
    await expect(event(page, 1, 1)).toBeVisible();
  });

  test('a link pre-fills the first event, without overwriting a kept draft', async ({ page }) => {
    await page.goto('/contact/?event=sangeet&city=Surrey&venue=Crystal%20Banquet%20Hall');
    const first = event(page, 1, 1);
    await expect(first.getByLabel(copy.event.kind)).toHaveValue('sangeet');
    await expect(first.getByLabel(exactly(copy.event.city))).toHaveValue('Surrey');
    await expect(first.getByLabel(copy.event.venue)).toHaveValue('Crystal Banquet Hall');
    await first.getByLabel(copy.event.venue).fill('Aria Banquet Hall');
    await page.goto('/contact/?event=reception&city=Delhi&venue=Taj');
    await expect(first.getByLabel(copy.event.kind)).toHaveValue('sangeet');
    await expect(first.getByLabel(copy.event.venue)).toHaveValue('Aria Banquet Hall');
  });

  test('Formspree’s field errors show under their fields with their prefixes; nothing is lost', async ({
    page,
    problems,
  }) => {
    problems.allow(/status of 422/);
    await stubFormspree(page, formKey, [
      {
        kind: 'field-errors',
        errors: [
          { field: 'email', code: 'TYPE_EMAIL', message: 'should be an email' },
          { field: 'email', code: 'REQUIRED_FIELD_EMPTY', message: 'is required' },
          { field: 'eventDate', code: 'TYPE_TEXT', message: 'should be a date' },
          { field: 'message', code: 'REQUIRED_FIELD_MISSING', message: 'is missing' },
        ],
      },
    ]);
    await page.goto('/contact/');
    await fillComplete(page);
    await checkAnswers(page);
    await send(page).click();
    const email = page.getByLabel(label('email'));
    await expect(email).toBeFocused();
    await expect(email).toHaveAccessibleDescription('Email should be an email, is required');
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('EventDate should be a date')).toBeVisible();
    await expect(page.getByText('Message is missing')).toBeVisible();
    await expect(page.getByLabel(label('name'))).toHaveValue(about.name);
    await expect(event(page, 1, 1).getByLabel(copy.event.venue)).toHaveValue(
      'Crystal Banquet Hall',
    );
  });

  test('a form-level error shows above Send', async ({ page, problems }) => {
    problems.allow(/status of 400/);
    await stubFormspree(page, formKey, [
      { kind: 'form-errors', errors: [{ code: 'INACTIVE', message: 'Form is inactive' }] },
    ]);
    await page.goto('/contact/');
    await fillComplete(page);
    await checkAnswers(page);
    await send(page).click();
    await expect(page.locator('form').getByRole('alert')).toHaveText('Form is inactive');
  });

  test('a failed send says so and keeps everything, also through a reload; a second try succeeds', async ({
    page,
    problems,
  }) => {
    problems.allow(/formspree|Failed to load resource/);
    const submissions = await stubFormspree(page, formKey, [
      { kind: 'network-failure' },
      { kind: 'success' },
    ]);
    await page.goto('/contact/');
    await fillComplete(page);
    await checkAnswers(page);
    await send(page).click();
    await expect(page.locator('form').getByRole('alert')).toHaveText(contact.networkError);
    await page.reload();
    await expect(page.getByText(copy.draft.restored)).toBeVisible();
    await expect(page.getByLabel(label('email'))).toHaveValue(about.email);
    await checkAnswers(page);
    await send(page).click();
    await expect(page.getByText(contact.success)).toBeVisible();
    expect(submissions).toHaveLength(2);
    expect(submissions[1]!.fields).toEqual(submissions[0]!.fields);
  });
});
