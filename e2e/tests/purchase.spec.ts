import { strFromU8, unzipSync } from 'fflate';
import { checkoutCopy, presets } from '@/lib/content';
import { presetPath } from '@/lib/routes';
import { expect, test } from '../fixtures';
import { apiBase } from '../service';
import { emailsAbout } from '../stubs/outbox';
import { stubPayPal } from '../stubs/paypal';

const stoic = presets.find((p) => p.slug === 'stoic-pack')!;
const regal = presets.find((p) => p.slug === 'regal-tones')!;

// The whole purchase with the real order-confirmation service: it verifies the order with the
// fake PayPal the button paid through, and writes the e-mails into its outbox folder.
test('a buyer pays and receives an e-mail whose links download the packs', async ({
  page,
  cart,
  request,
}) => {
  const paypal = await stubPayPal(page);
  const email = `buyer-${test.info().project.name}@example.com`;
  await page.goto(presetPath(stoic));
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await cart.close();
  await page.goto(presetPath(regal));
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(cart.lines).toHaveCount(2);
  await cart.checkoutButton.click();

  await page.getByLabel('Full name').fill('Anjali <Mehta>');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone').fill('+1 604 555 0123');
  await page.getByLabel('Address').fill('7 Lotus Court, Surrey BC');
  await page.getByRole('button', { name: checkoutCopy.continueLabel }).click();
  await page.getByRole('button', { name: 'PayPal', exact: true }).click();
  await expect(page).toHaveURL('/thank-you/');
  expect(await cart.stored()).toEqual([]);

  const orderId = paypal.orders[0]!.id;
  const emails = await emailsAbout(orderId, 2);
  const buyer = emails.find((message) => message.to?.[0]?.address === email);
  const studio = emails.find((message) => message !== buyer);
  expect(buyer!.to?.[0]?.address).toBe(email);
  expect(buyer!.html).toContain('Thank you, Anjali &lt;Mehta&gt;');
  expect(studio!.text).toContain(`Order: ${orderId}`);

  const links = [...buyer!.text!.matchAll(/^(.+): (http\S+\/download\/\S+)$/gm)];
  expect(links.map((link) => link[1])).toEqual([stoic.name, regal.name]);
  for (const [, name, url] of links) {
    expect(url!.startsWith(`${apiBase}/download/`)).toBe(true);
    const download = await request.get(url!);
    expect(download.status()).toBe(200);
    expect(download.headers()['content-disposition']).toMatch(/attachment; filename=".+\.zip"/);
    const files = unzipSync(new Uint8Array(await download.body()));
    expect(Object.keys(files)).toContain(`${name}/LICENSE.txt`);
    expect(strFromU8(files[`${name}/${name} 01.xmp`]!)).toContain('crs:PresetType="Normal"');
  }

  // Later, the buyer asks for fresh links on the thank-you page: a third e-mail, new links.
  const { resend } = checkoutCopy;
  await page.getByLabel(resend.orderLabel).fill(orderId);
  await page
    .getByRole('region', { name: resend.heading })
    .getByLabel(resend.emailLabel)
    .fill(email);
  await page.getByRole('button', { name: resend.submitLabel }).click();
  await expect(page.getByRole('status').filter({ hasText: resend.sent })).toBeVisible();
  const toBuyer = (await emailsAbout(orderId, 3)).filter((m) => m.to?.[0]?.address === email);
  const fresh = toBuyer.filter((message) => !message.text!.includes(links[0]![2]!));
  expect(toBuyer).toHaveLength(2);
  expect(fresh).toHaveLength(1);
  const freshLinks = [...fresh[0]!.text!.matchAll(/http\S+\/download\/\S+/g)].map((m) => m[0]);
  expect(freshLinks).toHaveLength(2);
  expect(freshLinks).not.toContain(links[0]![2]);
});

test('a resend request that cannot reach the service says so and keeps what was typed', async ({
  page,
  problems,
}) => {
  problems.allow(/orders\/resend/);
  const { resend } = checkoutCopy;
  await page.route(`${apiBase}/api/orders/resend`, (route) => route.abort('connectionrefused'));
  await page.goto('/thank-you/');
  const form = page.getByRole('region', { name: resend.heading });
  await form.getByLabel(resend.orderLabel).fill('5O190127TN364715T');
  await form.getByLabel(resend.emailLabel).fill('priya@example.com');
  await form.getByRole('button', { name: resend.submitLabel }).click();
  await expect(form.getByRole('status')).toHaveText(resend.failed);
  await expect(form.getByLabel(resend.orderLabel)).toHaveValue('5O190127TN364715T');
  await expect(form.getByLabel(resend.emailLabel)).toHaveValue('priya@example.com');
});
