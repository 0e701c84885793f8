import { contact, site } from '@/lib/content';
import { expect, test, type Page } from '../fixtures';
import { stubFormspree } from '../stubs/formspree';

const formKey = 'your-form-key';

const filled = {
  name: 'Anika & Dev',
  email: 'anika@example.com',
  eventDate: '02/14/2027',
  howDidYouHear: 'Instagram',
  instagramHandles: '@anika, @dev',
  cityCountry: 'Jaipur, India',
  planner: 'Marigold Events',
  message: 'A three-day wedding in February, about 250 guests.',
};

async function fillForm(page: Page) {
  for (const field of contact.fields) {
    const input = page.getByLabel(field.label);
    const value = filled[field.name as keyof typeof filled];
    if (field.type === 'select') await input.selectOption(value);
    else await input.fill(value);
  }
}

test.describe('the enquiry form', () => {
  test('marks the required fields, types email, and offers the phone number to call', async ({
    page,
  }) => {
    await page.goto('/contact/');
    for (const field of contact.fields) {
      const input = page.getByLabel(field.label);
      if (field.required) await expect(input).toHaveAttribute('required', '');
      else await expect(input).not.toHaveAttribute('required');
    }
    await expect(
      page.getByLabel(contact.fields.find((f) => f.name === 'email')!.label),
    ).toHaveAttribute('type', 'email');
    await expect(
      page.getByLabel(contact.fields.find((f) => f.name === 'eventDate')!.label),
    ).toHaveAttribute('placeholder', 'mm/dd/yyyy');
    const phone = page.getByLabel('Studio phone number');
    await expect(phone).toHaveValue(site.phone);
    await expect(phone).toHaveAttribute('readonly', '');
    await expect(page.getByRole('link', { name: `Call ${site.phone}` })).toHaveAttribute(
      'href',
      /^tel:\+/,
    );
  });

  test('the browser stops an incomplete enquiry before it is sent', async ({ page }) => {
    const submissions = await stubFormspree(page, formKey, [{ kind: 'success' }]);
    await page.goto('/contact/');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
    expect(submissions).toHaveLength(0);
  });

  test('a sent enquiry is replaced by the thank-you message; Send is disabled while sending', async ({
    page,
  }) => {
    const submissions = await stubFormspree(page, formKey, [{ kind: 'success' }]);
    // Holds the answer until the test has seen the form while it is being sent.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`https://formspree.io/f/${formKey}`, async (route) => {
      if (route.request().method() !== 'OPTIONS') await held;
      await route.fallback();
    });
    await page.goto('/contact/');
    await fillForm(page);
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByRole('button', { name: 'Send' })).toBeDisabled();
    release();
    await expect(
      page.getByText('Thank you for your message! We will get back to you soon.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send' })).toHaveCount(0);
    expect(submissions).toHaveLength(1);
    expect(submissions[0]!.fields).toEqual({ ...filled, _gotcha: '' });
  });

  test('server field errors appear under their fields with the spec prefixes; what was typed stays', async ({
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
          { field: 'cityCountry', code: 'TYPE_TEXT', message: 'should be text' },
          { field: 'message', code: 'REQUIRED_FIELD_MISSING', message: 'is missing' },
        ],
      },
    ]);
    await page.goto('/contact/');
    await fillForm(page);
    await page.getByRole('button', { name: 'Send' }).click();
    const email = page.getByLabel(contact.fields.find((f) => f.name === 'email')!.label);
    await expect(email).toHaveAccessibleDescription('Email should be an email, is required');
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('CityCountry should be text')).toBeVisible();
    await expect(page.getByText('Message is missing')).toBeVisible();
    for (const field of contact.fields.filter((f) => f.type !== 'select')) {
      await expect(page.getByLabel(field.label)).toHaveValue(
        filled[field.name as keyof typeof filled],
      );
    }
    await expect(page.getByRole('button', { name: 'Send' })).toBeEnabled();
  });

  test('a form-level error shows above Send', async ({ page, problems }) => {
    problems.allow(/status of 400/);
    await stubFormspree(page, formKey, [
      { kind: 'form-errors', errors: [{ code: 'INACTIVE', message: 'Form is inactive' }] },
    ]);
    await page.goto('/contact/');
    await fillForm(page);
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.locator('form').getByRole('alert')).toHaveText('Form is inactive');
  });

  test('a network failure says so, keeps everything typed, and a second try succeeds', async ({
    page,
    problems,
  }) => {
    problems.allow(/formspree|Failed to load resource/);
    const submissions = await stubFormspree(page, formKey, [
      { kind: 'network-failure' },
      { kind: 'success' },
    ]);
    await page.goto('/contact/');
    await fillForm(page);
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.locator('form').getByRole('alert')).toHaveText(contact.networkError);
    for (const field of contact.fields.filter((f) => f.type !== 'select')) {
      await expect(page.getByLabel(field.label)).toHaveValue(
        filled[field.name as keyof typeof filled],
      );
    }
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText(contact.success)).toBeVisible();
    expect(submissions).toHaveLength(2);
  });
});
