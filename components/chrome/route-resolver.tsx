'use client';

import { useEffect, useSyncExternalStore } from 'react';
import { matchRoute } from '@/lib/browser/route-match';

const noSubscription = () => () => {};

/**
 * On the 404 page: when the address differs from a real page only by letter case or a trailing
 * slash (such as /Weddings/wed1), sends the visitor there.
 */
export function RouteResolver({ routes }: { routes: string[] }) {
  const target = useSyncExternalStore(
    noSubscription,
    () => matchRoute(window.location.pathname, routes),
    () => null,
  );

  useEffect(() => {
    if (target) window.location.replace(target + window.location.search + window.location.hash);
  }, [target]);

  return (
    <p role="status" style={{ textAlign: 'center' }}>
      {target && (
        <>
          Taking you to <a href={target}>{target}</a>…
        </>
      )}
    </p>
  );
}
