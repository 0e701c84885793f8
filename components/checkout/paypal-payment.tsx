'use client';

import {
  PayPalButtons,
  PayPalScriptProvider,
  usePayPalScriptReducer,
} from '@paypal/react-paypal-js';
import { useEffect, useRef } from 'react';
import type { OrderRequest } from '@/lib/order';

type Props = {
  clientId: string;
  currency: string;
  /** The order's total: the buttons are drawn anew when it changes. */
  totalCents: number;
  /** The order PayPal is asked to create, once per click on a button. */
  createOrder(): Promise<OrderRequest>;
  scriptFailedMessage: string;
  loadingLabel: string;
  /** Called once per approved order, after PayPal captured it. */
  onCaptured(orderId: string): void;
  onProviderError(error: unknown): void;
};

const buttonStyle = {
  layout: 'vertical',
  color: 'blue',
  shape: 'rect',
  label: 'paypal',
  tagline: false,
} as const;

function Buttons({
  totalCents,
  createOrder,
  scriptFailedMessage,
  loadingLabel,
  onCaptured,
  onProviderError,
}: Omit<Props, 'clientId' | 'currency'>) {
  const [{ isPending, isRejected }] = usePayPalScriptReducer();
  // A second click while an order is being created reuses it: never two orders for one purchase.
  const creating = useRef<Promise<string> | null>(null);
  const approved = useRef(new Set<string>());

  useEffect(() => {
    if (isRejected) console.error(scriptFailedMessage);
  }, [isRejected, scriptFailedMessage]);

  if (isRejected) {
    return (
      <p role="alert" data-testid="payment-error">
        {scriptFailedMessage}
      </p>
    );
  }
  return (
    <>
      {isPending && <p role="status">{loadingLabel}</p>}
      <PayPalButtons
        style={buttonStyle}
        forceReRender={[totalCents]}
        createOrder={(_, actions) => {
          creating.current ??= createOrder().then((order) => actions.order.create(order));
          return creating.current;
        }}
        onApprove={async (data, actions) => {
          creating.current = null;
          if (approved.current.has(data.orderID)) return;
          approved.current.add(data.orderID);
          const capture = await actions.order?.capture();
          onCaptured(capture?.id ?? data.orderID);
        }}
        onCancel={() => {
          creating.current = null;
        }}
        onError={(error) => {
          creating.current = null;
          onProviderError(error);
        }}
      />
    </>
  );
}

/** The PayPal buttons; the SDK is only loaded where this is mounted (the checkout's payment step). */
export function PayPalPayment({ clientId, currency, ...props }: Props) {
  return (
    <PayPalScriptProvider
      options={{ clientId, currency, intent: 'capture', components: 'buttons' }}
    >
      <Buttons {...props} />
    </PayPalScriptProvider>
  );
}
