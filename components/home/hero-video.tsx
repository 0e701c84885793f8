'use client';

import { useEffect, useRef, useState } from 'react';

/**
 * The muted, looping hero film. It starts only once the page is running and never for visitors
 * who prefer reduced motion; until it plays, the poster picture beneath it shows.
 */
export function HeroVideo({
  sources,
  className,
}: {
  sources: { url: string; type: string }[];
  className?: string;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);

  useEffect(() => {
    const element = video.current;
    if (!element || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    element.preload = 'auto';
    element.play().catch(() => {
      // Autoplay refused (data saver, power saving): the poster stays.
    });
  }, []);

  return (
    <video
      ref={video}
      className={className}
      muted
      loop
      playsInline
      preload="none"
      aria-hidden="true"
      tabIndex={-1}
      onPlaying={() => setPlaying(true)}
      style={{ opacity: playing ? 1 : 0, transition: 'opacity 0.8s ease' }}
    >
      {sources.map((source) => (
        <source key={source.url} src={source.url} type={source.type} />
      ))}
      Your browser does not support the video tag.
    </video>
  );
}
