import { useEffect, useEffectEvent, useRef } from 'react';
import { TURNSTILE_SCRIPT } from '@/lib/browser/enquiry/turnstile';

type Widget = {
  render(
    element: HTMLElement,
    options: {
      sitekey: string;
      theme: 'dark';
      callback: (token: string) => void;
      'expired-callback': () => void;
    },
  ): string;
  remove(id: string): void;
};

declare global {
  interface Window {
    turnstile?: Widget;
  }
}

let loading: Promise<void> | undefined;
function loadTurnstile(): Promise<void> {
  loading ??= new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = TURNSTILE_SCRIPT;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      loading = undefined; // the next render tries again
      reject(new Error('Turnstile did not load'));
    };
    document.head.append(script);
  });
  return loading;
}

/**
 * Cloudflare Turnstile's widget (the bot check Formspree verifies), loaded when it first shows;
 * hands over each token, and '' when one expires.
 */
export function Turnstile({
  siteKey,
  onToken,
}: {
  siteKey: string;
  onToken: (token: string) => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const handOver = useEffectEvent(onToken);
  useEffect(() => {
    let id: string | undefined;
    let gone = false;
    loadTurnstile()
      .then(() => {
        if (gone || !box.current || !window.turnstile) return;
        id = window.turnstile.render(box.current, {
          sitekey: siteKey,
          theme: 'dark',
          callback: (token) => handOver(token),
          'expired-callback': () => handOver(''),
        });
      })
      .catch(() => {
        // Without the check Formspree refuses the enquiry, and the form says so above Send.
      });
    return () => {
      gone = true;
      if (id) window.turnstile?.remove(id);
    };
  }, [siteKey]);
  return <div ref={box} />;
}
