'use client';

import NextLink from 'next/link';
import { useState, type ComponentProps } from 'react';

/**
 * next/link that prefetches its page once the visitor shows the intent to follow it (a pointer
 * over it, a finger on it, keyboard focus) instead of as soon as it scrolls into view: on a phone,
 * a page with a dozen links would otherwise fetch a dozen pages' data while its own images load.
 * Every internal link of the site goes through it (ESLint forbids importing next/link elsewhere).
 */
export function Link({
  prefetch,
  onMouseEnter,
  onTouchStart,
  onFocus,
  ...props
}: ComponentProps<typeof NextLink>) {
  const [intent, setIntent] = useState(false);
  return (
    <NextLink
      {...props}
      prefetch={intent ? prefetch : false}
      onMouseEnter={(event) => {
        setIntent(true);
        onMouseEnter?.(event);
      }}
      onTouchStart={(event) => {
        setIntent(true);
        onTouchStart?.(event);
      }}
      onFocus={(event) => {
        setIntent(true);
        onFocus?.(event);
      }}
    />
  );
}
