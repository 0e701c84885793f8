'use client';

import {
  DISPATCH_ACTION,
  PayPalButtons,
  PayPalScriptProvider,
  usePayPalScriptReducer,
} from '@paypal/react-paypal-js';
import { useEffect, useRef } from 'react';
import button from '@/components/ui/button.module.css';

type Props = {
  clientId: string;
  currency: string;
  /** The order's total: the buttons are drawn anew when it changes. */
  totalCents: number;
  /**
   * Has the order created (by our service), once per click on a button, for the funding source
   * the buyer chose: PayPal's order id.
   */
  createOrder(fundingSource: string | undefined): Promise<string>;
  scriptFailedMessage: string;
  /** Loads PayPal's script again after it failed. */
  retryLabel: string;
  loadingLabel: string;
  /**
   * Called once per approved order, to capture and deliver it; 'restart' when PayPal declined the
   * payment and the buyer may choose another way to pay in the same window.
   */
  onApprove(orderId: string): Promise<'restart' | void>;
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
  retryLabel,
  loadingLabel,
  onApprove,
  onProviderError,
}: Omit<Props, 'clientId' | 'currency'>) {
  const [{ isPending, isRejected, options }, dispatch] = usePayPalScriptReducer();
  // A second click while an order is being created reuses it: never two orders for one purchase.
  const creating = useRef<Promise<string> | null>(null);
  const approved = useRef(new Set<string>());

  useEffect(() => {
    if (isRejected) console.error(scriptFailedMessage);
  }, [isRejected, scriptFailedMessage]);

  if (isRejected) {
    return (
      <>
        <p role="alert" data-testid="payment-error">
          {scriptFailedMessage}
        </p>
        {/* The library's own reload: the failed script is removed and asked for anew. */}
        <button
          type="button"
          className={button.outline}
          onClick={() => dispatch({ type: DISPATCH_ACTION.RESET_OPTIONS, value: options })}
        >
          {retryLabel}
        </button>
      </>
    );
  }
  return (
    <>
      {isPending && <p role="status">{loadingLabel}</p>}
      <PayPalButtons
        style={buttonStyle}
        forceReRender={[totalCents]}
        createOrder={(data) => {
          creating.current ??= createOrder(data.paymentSource);
          return creating.current;
        }}
        onApprove={async (data, actions) => {
          creating.current = null;
          if (approved.current.has(data.orderID)) return;
          approved.current.add(data.orderID);
          if ((await onApprove(data.orderID)) === 'restart') {
            approved.current.delete(data.orderID);
            actions.restart();
          }
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
