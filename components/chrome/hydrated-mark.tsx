'use client';

import { useEffect } from 'react';
import { HYDRATED } from '@/lib/browser/first-paint';

/**
 * Sets `<html data-hydrated>` once React has taken over the page: the early-tap script
 * (early-taps.tsx) then plays back the taps it held, and the end-to-end tests may interact.
 */
export function HydratedMark() {
  useEffect(() => {
    document.documentElement.setAttribute(HYDRATED, '');
  }, []);
  return null;
}
