import type { Page } from '@playwright/test';
import type { OrderRequest } from '@/lib/order';
import { fakePayPalBase } from '../service';

/**
 * Stands in for PayPal's JS SDK (https://www.paypal.com/sdk/js). It implements what
 * @paypal/react-paypal-js calls (window.paypal.Buttons(...) with isEligible, render and close) and
 * draws one "PayPal" button. Pressing it runs the real flow: createOrder with actions.order.create
 * (a POST to the orders API), then onApprove with actions.order.capture (a POST to the capture
 * API), or onError when the test asks the provider to fail.
 */
const sdkStub = `(function () {
  var api = 'https://api-m.sandbox.paypal.com/v2/checkout/orders';
  var post = function (url, body) {
    return fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body || {}) })
      .then(function (response) { if (!response.ok) throw new Error('PayPal API ' + response.status); return response.json(); });
  };
  window.paypal = {
    version: '5.0.0-stub',
    Buttons: function (props) {
      var container = null;
      return {
        isEligible: function () { return true; },
        close: function () { if (container) container.innerHTML = ''; return Promise.resolve(); },
        render: function (element) {
          container = element;
          var button = document.createElement('button');
          button.type = 'button';
          button.textContent = 'PayPal';
          button.setAttribute('data-style', JSON.stringify(props.style || {}));
          button.addEventListener('click', function () {
            var actions = { order: { create: function (order) { return post(api, order).then(function (created) { return created.id; }); } } };
            Promise.resolve(props.createOrder({ paymentSource: 'paypal' }, actions))
              .then(function (orderID) {
                if (window.__paypalFails) throw new Error('Things do not look right with this payment');
                var approveActions = { order: { capture: function () { return post(api + '/' + orderID + '/capture'); } } };
                return props.onApprove({ orderID: orderID, payerID: 'PAYER-STUB' }, approveActions);
              })
              .catch(function (error) { if (props.onError) props.onError(error); });
          });
          element.appendChild(button);
          if (props.onInit) props.onInit({}, { enable: function () { return Promise.resolve(); }, disable: function () { return Promise.resolve(); } });
          return Promise.resolve();
        },
      };
    },
  };
})();`;

export type PayPalRecord = {
  sdkRequests: URL[];
  orders: { id: string; body: OrderRequest }[];
  captures: string[];
};

/**
 * Serves the SDK stub and hands the orders API calls it makes to the fake PayPal that the
 * order-confirmation service verifies orders with (server/fake-paypal.ts), recording each order
 * and capture.
 */
export async function stubPayPal(page: Page, { blockSdk = false } = {}): Promise<PayPalRecord> {
  const record: PayPalRecord = { sdkRequests: [], orders: [], captures: [] };
  const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*' };
  await page.route('https://www.paypal.com/sdk/js?**', (route) => {
    record.sdkRequests.push(new URL(route.request().url()));
    if (blockSdk) return route.abort('blockedbyclient');
    return route.fulfill({ contentType: 'application/javascript', body: sdkStub });
  });
  await page.route('https://api-m.sandbox.paypal.com/v2/checkout/orders**', async (route) => {
    const request = route.request();
    if (request.method() === 'OPTIONS') return route.fulfill({ status: 204, headers: cors });
    const url = new URL(request.url());
    const response = await route.fetch({ url: `${fakePayPalBase}${url.pathname}` });
    const created = (await response.json()) as { id: string };
    const capture = url.pathname.match(/orders\/([^/]+)\/capture$/);
    if (capture) record.captures.push(capture[1]!);
    else record.orders.push({ id: created.id, body: request.postDataJSON() });
    return route.fulfill({ response, headers: { ...response.headers(), ...cors } });
  });
  return record;
}

/** The order-confirmation service, answering with the given statuses in turn. */
export async function stubConfirmation(page: Page, apiBase: string, statuses: number[]) {
  const calls: unknown[] = [];
  const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*' };
  await page.route(`${apiBase}/api/email/send-order-confirmation`, (route) => {
    if (route.request().method() === 'OPTIONS')
      return route.fulfill({ status: 204, headers: cors });
    calls.push(route.request().postDataJSON());
    const status = statuses[Math.min(calls.length, statuses.length) - 1]!;
    return route.fulfill({
      status,
      headers: cors,
      json: status < 300 ? { ok: true } : { error: 'unavailable' },
    });
  });
  return calls;
}
