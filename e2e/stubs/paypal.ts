import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { NewOrderRequest } from '@/server/routes/contract';
import type { PayPalOrder } from '@/server/paypal/orders';
import { apiBase, catalogSiteBase, fakePayPalBase } from '../service';

/**
 * Stands in for PayPal's JS SDK (https://www.paypal.com/sdk/js). It implements what
 * @paypal/react-paypal-js calls (window.paypal.Buttons(...) with isEligible, render and close) and
 * draws one "PayPal" button. Pressing it runs the real flow: createOrder (our service creates the
 * order at PayPal), the buyer's approval in PayPal's window (the fake PayPal's approve hand, with
 * what the test set in window.__paypalApproval), then onApprove (our service captures), whose
 * actions.restart() approves again as a buyer picking another card would; or onError when the
 * test asks the provider to fail.
 */
const sdkStub = `(function () {
  var approve = 'https://www.sandbox.paypal.com/checkoutnow/approve/';
  var post = function (url, body) {
    return fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body || {}) })
      .then(function (response) { if (!response.ok) throw new Error('PayPal ' + response.status); return response.json(); });
  };
  window.paypal = {
    version: '5.0.0-stub',
    Buttons: function (props) {
      var container = null;
      var pay = function (orderID, choice) {
        return post(approve + orderID, choice).then(function () {
          return props.onApprove({ orderID: orderID, payerID: 'PAYER-STUB' }, {
            restart: function () { pay(orderID, {}); },
          });
        });
      };
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
            Promise.resolve(props.createOrder({ paymentSource: 'paypal' }, {}))
              .then(function (orderID) {
                if (window.__paypalFails) throw new Error('Things do not look right with this payment');
                return pay(orderID, window.__paypalApproval || {});
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
  /** What the checkout asked our service to create, and the PayPal order id it got. */
  orders: { id: string; body: NewOrderRequest }[];
  /** Orders the buyer approved in PayPal's window. */
  approvals: string[];
  /** The checkout's capture calls to our service, by order id. */
  captures: string[];
};

/**
 * Serves the SDK stub, hands the buyer's approvals to the fake PayPal that the service creates
 * and captures orders with (server/testing/paypal/fake-paypal.ts), and records what the checkout asks our
 * service to create and capture.
 */
/** `blockSdk`: refuse PayPal's script always (true) or the first so many times. */
export async function stubPayPal(
  page: Page,
  { blockSdk = false as boolean | number } = {},
): Promise<PayPalRecord> {
  const record: PayPalRecord = { sdkRequests: [], orders: [], approvals: [], captures: [] };
  const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*' };
  await page.route('https://www.paypal.com/sdk/js?**', (route) => {
    record.sdkRequests.push(new URL(route.request().url()));
    if (blockSdk === true || record.sdkRequests.length <= Number(blockSdk))
      return route.abort('blockedbyclient');
    return route.fulfill({ contentType: 'application/javascript', body: sdkStub });
  });
  await page.route('https://www.sandbox.paypal.com/checkoutnow/approve/*', async (route) => {
    if (route.request().method() === 'OPTIONS')
      return route.fulfill({ status: 204, headers: cors });
    const id = new URL(route.request().url()).pathname.split('/').pop()!;
    record.approvals.push(id);
    const response = await route.fetch({ url: `${fakePayPalBase}/fake/orders/${id}/approve` });
    return route.fulfill({ response, headers: { ...response.headers(), ...cors } });
  });
  page.on('requestfinished', (request) => {
    const url = new URL(request.url());
    if (!request.url().startsWith(apiBase) || request.method() !== 'POST') return;
    const capture = /^\/api\/orders\/([^/]+)\/capture$/.exec(url.pathname);
    if (capture) record.captures.push(decodeURIComponent(capture[1]!));
    if (url.pathname !== '/api/orders') return;
    void request.response().then(async (response) => {
      const answer = (await response?.json().catch(() => null)) as { id?: string } | null;
      if (answer?.id) record.orders.push({ id: answer.id, body: request.postDataJSON() });
    });
  });
  return record;
}

/** An access token of the fake PayPal, as the service's credentials (or the JS SDK) get one. */
export async function paypalAuth(request: APIRequestContext) {
  const token = await request.post(`${fakePayPalBase}/v1/oauth2/token`, {
    headers: {
      Authorization: `Basic ${Buffer.from('local-client:local-secret').toString('base64')}`,
    },
  });
  const { access_token } = (await token.json()) as { access_token: string };
  return { Authorization: `Bearer ${access_token}` };
}

/** PayPal's own record of an order (what the service created and captured), read with a token. */
export async function paypalOrder(request: APIRequestContext, orderId: string) {
  const order = await request.get(`${fakePayPalBase}/v2/checkout/orders/${orderId}`, {
    headers: await paypalAuth(request),
  });
  return (await order.json()) as PayPalOrder;
}

/**
 * The service's capture call (onApprove), answered in turn: a status (with its JSON body) here,
 * 'pass' by the real service, 'lost' by the real service but its answer never reaches the
 * browser, 'offline' never leaving the browser.
 */
export async function stubCapture(
  page: Page,
  answers: (number | { status: number; json: unknown } | 'pass' | 'lost' | 'offline')[],
) {
  const calls: string[] = [];
  await page.route(`${apiBase}/api/orders/*/capture`, async (route) => {
    if (route.request().method() === 'OPTIONS') return route.fallback();
    calls.push(route.request().url());
    const answer = answers[Math.min(calls.length, answers.length) - 1]!;
    if (answer === 'pass') return route.fallback();
    if (answer === 'offline') return route.abort('internetdisconnected');
    if (answer === 'lost') {
      await route.fetch();
      return route.abort('connectionreset');
    }
    const { status, json } =
      typeof answer === 'number' ? { status: answer, json: { error: 'unavailable' } } : answer;
    return route.fulfill({ status, headers: { 'access-control-allow-origin': '*' }, json });
  });
  return calls;
}

/**
 * The studio redeploys the site with other prices (`changes`: a pack's new price in cents, or null
 * for a pack no longer sold), or with tax schemes switched off, while this page still shows the
 * old ones; resolves once the order
 * service reads them. `key` names this test's changes (tests on other packs may publish theirs at
 * the same time); the returned function takes them back.
 */
export async function publishPrices(
  request: APIRequestContext,
  key: string,
  /** Prices by slug (null: no longer sold), or tax schemes switched off (`unregistered`). */
  changes: Record<string, number | null> | { unregistered: string[] },
) {
  /** Until the service uses the catalogue the site serves now. */
  const caughtUp = () =>
    expect
      .poll(async () => {
        const served = (await (await request.get(`${catalogSiteBase}/catalog.json`)).json()) as {
          version: string;
        };
        const health = (await (await request.get(`${apiBase}/health`)).json()) as {
          catalog?: { version: string };
        };
        return health.catalog?.version === served.version;
      })
      .toBe(true);
  await request.put(`${catalogSiteBase}/changes/${key}`, { data: changes });
  await caughtUp();
  return async () => {
    await request.delete(`${catalogSiteBase}/changes/${key}`);
    await caughtUp();
  };
}
