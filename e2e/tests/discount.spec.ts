import { checkoutCopy, presets } from '@/lib/content';
import { formatPrice } from '@/lib/shared/money';
import { runCodes } from '@/server/cli/codes';
import { expect, test, type Page } from '../fixtures';
import { fillDetails } from '../fixtures/details';
import { Cart } from '../fixtures/cart';
import { serviceDataDir } from '../service';
import { emailsAbout } from '../stubs/outbox';
import { paypalOrder, stubPayPal } from '../stubs/paypal';

const stoic = presets.find((p) => p.slug === 'stoic-pack')!;
const awaken = presets.find((p) => p.slug === 'awaken')!;
const { discount: copy } = checkoutCopy;
const price = (cents: number) => formatPrice(cents, 'USD');

/** A code of this test's own in the running service's database, made as the studio would. */
function newCode(options: string[]) {
  const code =
    `E2E${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
  runCodes(['add', code, ...options], { DATA_DIR: serviceDataDir });
  return code;
}

async function toPayment(page: Page, email: string) {
  await new Cart(page).fill([stoic.name, awaken.name]);
  await page.goto('/checkout/');
  await fillDetails(page, {
    name: 'Nisha Verma',
    email: email,
    phone: '+1 604 555 0111',
    address: '4 Jasmine Walk, Delta BC',
  });
}

test('the cart promises discount codes at checkout, and the payment step has the field', async ({
  page,
  cart,
}) => {
  await stubPayPal(page);
  await page.goto(`/full-item/${stoic.slug}/`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(cart.panel).toContainText(checkoutCopy.cartNote);
  await expect(cart.panel).not.toContainText(/shipping/i);
  await cart.checkoutButton.click();
  await fillDetails(page, {
    name: 'Nisha Verma',
    email: 'nisha@example.com',
    phone: '1',
    address: '2 Lane',
  });
  await expect(page.getByLabel(copy.label)).toBeVisible();
});

test('a code lowers the total, PayPal is asked for it, and the e-mail shows the discount', async ({
  page,
  request,
}) => {
  const code = newCode(['--percent', '20']);
  const paypal = await stubPayPal(page);
  const email = `discount-${test.info().project.name}@example.com`;
  await toPayment(page, email);
  const itemTotal = stoic.priceCents + awaken.priceCents;
  const off = Math.round(itemTotal * 0.2);
  await page.getByLabel(copy.label).fill(code.toLowerCase());
  await page.getByRole('button', { name: copy.apply }).click();
  await expect(page.getByTestId('checkout-discount')).toHaveText(`−${price(off)}`);
  await expect(page.getByTestId('checkout-total')).toHaveText(price(itemTotal - off));

  await page.getByRole('button', { name: 'PayPal', exact: true }).click();
  await expect(page).toHaveURL('/thank-you/');
  expect(paypal.orders[0]!.body.code).toBe(code);
  const unit = (await paypalOrder(request, paypal.orders[0]!.id)).purchase_units![0]!;
  expect(unit.amount.breakdown?.discount?.value).toBe((off / 100).toFixed(2));
  expect(unit.amount.value).toBe(((itemTotal - off) / 100).toFixed(2));
  await expect(page.getByText(`(${code}): −${price(off)}`)).toBeVisible();

  const buyer = (await emailsAbout(paypal.orders[0]!.id, 2)).find(
    (m) => m.to?.[0]?.address === email,
  )!;
  expect(buyer.text).toContain(`Discount (${code}): −${price(off)}`);
  expect(buyer.text).toContain(`Total: ${price(itemTotal - off)}`);
});

test('a code that does not apply says why and keeps what was typed', async ({ page }) => {
  await stubPayPal(page);
  const regalOnly = newCode(['--percent', '10', '--packs', 'regal-tones']);
  await toPayment(page, 'nisha@example.com');
  const field = page.getByLabel(copy.label);
  for (const [typed, message] of [
    ['NOSUCHCODE', copy.messages.unknown],
    [regalOnly, copy.messages['not-applicable']],
  ] as const) {
    await field.fill(typed);
    await page.getByRole('button', { name: copy.apply }).click();
    await expect(page.locator('#discount-message')).toHaveText(message);
    await expect(field).toHaveValue(typed);
  }
  await expect(page.getByTestId('checkout-discount')).toHaveCount(0);
  await expect(page.getByTestId('checkout-total')).toHaveText(
    price(stoic.priceCents + awaken.priceCents),
  );
});
