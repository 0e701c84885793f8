import { checkoutCopy, presets } from '@/lib/content';
import { expect, test, type Page } from '../fixtures';
import { Cart } from '../fixtures/cart';
import { apiBase } from '../service';
import { stubConfirmation, stubPayPal } from '../stubs/paypal';

const stoic = presets.find((p) => p.slug === 'stoic-pack')!;
const awaken = presets.find((p) => p.slug === 'awaken')!;
const total = ((stoic.priceCents + awaken.priceCents) / 100).toFixed(2);
const buyer = {
  name: 'Priya Raman',
  email: 'priya@example.com',
  phone: '+1 604 555 0199',
  address: '12 Marigold Lane\nVancouver BC',
};
const { confirmationFailed, providerError, scriptFailed } = checkoutCopy.messages;

const fillCart = (page: Page) => new Cart(page).fill([stoic.name, awaken.name]);

async function enterDetails(page: Page) {
  await page.goto('/checkout/');
  await page.getByLabel('Full name').fill(buyer.name);
  await page.getByLabel('Email').fill(buyer.email);
  await page.getByLabel('Phone').fill(buyer.phone);
  await page.getByLabel('Address').fill(buyer.address);
  await page.getByRole('button', { name: checkoutCopy.continueLabel }).click();
}

const payButton = (page: Page) => page.getByRole('button', { name: 'PayPal', exact: true });

test.describe('checkout', () => {
  test('an empty cart gets a message and a way to the shop, never a payment button', async ({
    page,
  }) => {
    const paypal = await stubPayPal(page);
    await page.goto('/checkout/');
    await expect(page.getByText(checkoutCopy.emptyCart)).toBeVisible();
    await page.getByRole('link', { name: checkoutCopy.emptyCartLink }).click();
    await expect(page).toHaveURL('/presets/');
    expect(paypal.sdkRequests).toHaveLength(0);
  });

  test('the details form says what is missing, field by field', async ({ page }) => {
    await stubPayPal(page);
    await fillCart(page);
    await page.goto('/checkout/');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: checkoutCopy.continueLabel }).click();
    await expect(page.getByLabel('Full name')).toHaveAccessibleDescription(
      'Please enter your name.',
    );
    await expect(page.getByLabel('Email')).toHaveAccessibleDescription(
      'Please enter a valid email address.',
    );
    await expect(page.getByLabel('Phone')).toHaveAccessibleDescription(
      'Please enter your phone number.',
    );
    await expect(page.getByLabel('Address')).toHaveAccessibleDescription(
      'Please enter your address.',
    );
    await expect(page.getByLabel('Email')).toHaveAttribute('type', 'email');
  });

  test('cart to thank-you: the exact order and confirmation, then an empty cart', async ({
    page,
    cart,
  }) => {
    const paypal = await stubPayPal(page);
    const confirmations = await stubConfirmation(page, apiBase, [200]);
    await fillCart(page);
    await enterDetails(page);
    await expect(page.getByTestId('checkout-total')).toHaveText(`$${total} USD`);
    await expect(cart.floatingButton).toBeHidden();
    expect(paypal.sdkRequests).toHaveLength(1);
    expect(paypal.sdkRequests[0]!.searchParams.get('client-id')).toBe('test');
    expect(paypal.sdkRequests[0]!.searchParams.get('currency')).toBe('USD');
    const pay = payButton(page);
    expect(JSON.parse((await pay.getAttribute('data-style'))!)).toEqual({
      layout: 'vertical',
      color: 'blue',
      shape: 'rect',
      label: 'paypal',
      tagline: false,
    });
    await pay.click();
    await expect(page).toHaveURL('/thank-you/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Thank You for Your Purchase!',
    );
    const usd = (value: string) => ({ currency_code: 'USD', value });
    expect(paypal.orders.map((order) => order.body)).toEqual([
      {
        intent: 'CAPTURE',
        purchase_units: [
          {
            description: checkoutCopy.orderDescription,
            invoice_id: expect.stringMatching(/^SJ-[0-9A-F-]{36}$/),
            custom_id: buyer.email,
            amount: { ...usd(total), breakdown: { item_total: usd(total) } },
            items: [stoic, awaken].map((pack) => ({
              name: pack.name,
              sku: pack.slug,
              unit_amount: usd((pack.priceCents / 100).toFixed(2)),
              quantity: '1',
              category: 'DIGITAL_GOODS',
            })),
          },
        ],
      },
    ]);
    const orderId = paypal.orders[0]!.id;
    expect(paypal.captures).toEqual([orderId]);
    expect(confirmations).toEqual([
      {
        customerDetails: buyer,
        purchasedItems: [stoic.name, awaken.name],
        totalAmount: total,
        orderId,
      },
    ]);
    await expect(
      page.getByText(`${checkoutCopy.receipt.emailSentTo} ${buyer.email}.`),
    ).toBeVisible();
    await expect(cart.floatingButton).toBeHidden();
    expect(await cart.stored()).toEqual([]);
  });

  test('a failed confirmation keeps the buyer on the payment step; a retry confirms without charging again', async ({
    page,
    problems,
  }) => {
    problems.allow(/status of 503/);
    const paypal = await stubPayPal(page);
    const confirmations = await stubConfirmation(page, apiBase, [503, 200]);
    await fillCart(page);
    await enterDetails(page);
    await payButton(page).click();
    await expect(page.getByTestId('payment-error')).toHaveText(confirmationFailed);
    await expect(page).toHaveURL('/checkout/');
    await expect(payButton(page)).toHaveCount(0);
    await page.getByRole('button', { name: checkoutCopy.retryLabel }).click();
    await expect(page).toHaveURL('/thank-you/');
    expect(paypal.orders).toHaveLength(1);
    expect(paypal.captures).toEqual([paypal.orders[0]!.id]);
    expect(confirmations).toHaveLength(2);
    expect(confirmations[1]).toEqual(confirmations[0]);
  });

  test('a reload on the failed step keeps the captured order for the retry', async ({
    page,
    problems,
  }) => {
    problems.allow(/status of 500/);
    const paypal = await stubPayPal(page);
    const confirmations = await stubConfirmation(page, apiBase, [500, 500, 201]);
    await fillCart(page);
    await enterDetails(page);
    await payButton(page).click();
    await expect(page.getByTestId('payment-error')).toHaveText(confirmationFailed);
    await page.reload();
    const orderId = paypal.orders[0]!.id;
    await expect(page.getByText(`Order ${orderId}`)).toBeVisible();
    await expect(payButton(page)).toHaveCount(0);
    await page.getByRole('button', { name: checkoutCopy.retryLabel }).click();
    await expect(page.getByTestId('payment-error')).toHaveText(confirmationFailed);
    await page.getByRole('button', { name: checkoutCopy.retryLabel }).click();
    await expect(page).toHaveURL('/thank-you/');
    expect(paypal.captures).toEqual([orderId]);
    expect(confirmations.map((c) => (c as { orderId: string }).orderId)).toEqual([
      orderId,
      orderId,
      orderId,
    ]);
  });

  test('a provider error shows the PayPal message above the button', async ({ page, problems }) => {
    problems.allow(/Things do not look right/);
    const paypal = await stubPayPal(page);
    await page.addInitScript(() => Object.assign(window, { __paypalFails: true }));
    await fillCart(page);
    await enterDetails(page);
    await payButton(page).click();
    await expect(page.getByTestId('payment-error')).toHaveText(providerError);
    expect(paypal.captures).toEqual([]);
  });

  test('a blocked SDK script says so and logs the error', async ({ page, problems }) => {
    problems.allow(/PayPal JS SDK|paypal\.com|ERR_BLOCKED_BY_CLIENT/);
    const logged: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') logged.push(message.text());
    });
    await stubPayPal(page, { blockSdk: true });
    await fillCart(page);
    await enterDetails(page);
    await expect(page.getByTestId('payment-error')).toHaveText(scriptFailed);
    expect(logged).toContain(scriptFailed);
  });

  test('the buyer can go back from payment to edit the details', async ({ page }) => {
    await stubPayPal(page);
    await fillCart(page);
    await enterDetails(page);
    await page.getByRole('button', { name: checkoutCopy.editDetailsLabel }).click();
    await expect(page.getByLabel('Full name')).toHaveValue(buyer.name);
    await page.getByLabel('Full name').fill('Priya R.');
    await page.getByRole('button', { name: checkoutCopy.continueLabel }).click();
    await expect(page.getByText('Priya R. · priya@example.com')).toBeVisible();
  });

  test('a double click on the PayPal button creates one order', async ({ page }) => {
    const paypal = await stubPayPal(page);
    await stubConfirmation(page, apiBase, [200]);
    await fillCart(page);
    await enterDetails(page);
    await payButton(page).dblclick();
    await expect(page).toHaveURL('/thank-you/');
    expect(paypal.orders).toHaveLength(1);
    expect(paypal.captures).toHaveLength(1);
  });
});
