'use client';

import { useEffect } from 'react';

/**
 * Sets `<html data-hydrated>` once React has taken over the page. The page's scripts load after
 * its first paint (scripts/html/transform.ts), so until then buttons are plain markup; the
 * end-to-end tests wait for this mark before they interact.
 */
export function HydratedMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
  }, []);
  return null;
}
