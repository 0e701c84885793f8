'use client';

import { usePathname } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { reloadOnceFor } from '@/lib/browser/chunk-reload';

type Ga = (typeof import('react-ga4'))['default'];

let ga: Promise<Ga> | null = null;
/** The measurement id the page's <Analytics> was given, for the events of other components. */
let measurement: string | undefined;

/** Loads and initialises react-ga4 once, without its automatic page view (we send our own). */
function loadGa(measurementId: string): Promise<Ga> {
  ga ??= import('react-ga4').then(({ default: ReactGA }) => {
    ReactGA.initialize(measurementId, { gtagOptions: { send_page_view: false } });
    return ReactGA;
  });
  return ga;
}

/**
 * Sends one of the site's own events (a visitor trying a pack on a photo, say) when analytics is
 * on. Its parameters say what was done, never anything the visitor typed or chose from the device.
 */
export function trackEvent(name: string, params: Record<string, string | number>) {
  if (measurement) void loadGa(measurement).then((ReactGA) => ReactGA.event(name, params));
}

/** Sends each Core Web Vital once, after the page has become idle. */
function reportWebVitals(measurementId: string) {
  const sent = new Set<string>();
  const start = () =>
    void import('web-vitals').then(({ onCLS, onFCP, onINP, onLCP, onTTFB }) => {
      const report = ({ name, id, value }: { name: string; id: string; value: number }) => {
        if (sent.has(id)) return;
        sent.add(id);
        void loadGa(measurementId).then((ReactGA) =>
          ReactGA.event(name, {
            value: Math.round(name === 'CLS' ? value * 1000 : value),
            metric_id: id,
            non_interaction: true,
          }),
        );
      };
      for (const on of [onCLS, onFCP, onINP, onLCP, onTTFB]) on(report);
    });
  if ('requestIdleCallback' in window) window.requestIdleCallback(start);
  else setTimeout(start, 1);
}

/**
 * Analytics (react-ga4), only when a measurement id is set: one page view per route change and
 * the web vitals. Also reloads the page once when a script chunk fails to load after a redeploy.
 */
export function Analytics({ measurementId }: { measurementId?: string }) {
  const pathname = usePathname();
  const lastSent = useRef<string | null>(null);

  useEffect(() => {
    const onError = (event: ErrorEvent | PromiseRejectionEvent) =>
      reloadOnceFor('reason' in event ? event.reason : event.error, window.sessionStorage, () =>
        window.location.reload(),
      );
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onError);
    return () => {
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onError);
    };
  }, []);

  useEffect(() => {
    measurement = measurementId;
    if (measurementId) reportWebVitals(measurementId);
  }, [measurementId]);

  useEffect(() => {
    if (!measurementId || lastSent.current === pathname) return;
    lastSent.current = pathname;
    void loadGa(measurementId).then((ReactGA) =>
      ReactGA.send({ hitType: 'pageview', page: pathname, title: document.title }),
    );
  }, [measurementId, pathname]);

  return null;
}
