'use client';

import { useEffect, useRef, useState, type ReactNode } from 'react';
import { formatTime } from '@/lib/browser/time';
import styles from './audio-player.module.css';

/**
 * The galleries' soundtrack: play/pause, mute, a seek slider with a progress fill and the time.
 * It never starts by itself.
 */
export function AudioPlayer({ src, title }: { src: string; title: string }) {
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [muted, setMuted] = useState(false);
  const [currentTime, setCurrentTime] = useState(0);
  const [duration, setDuration] = useState(0);
  useEffect(() => {
    // Nothing of the file is fetched before the page is running, so that it does not share a
    // phone's connection with the first picture and the scripts; then its length, for the time.
    const element = audio.current;
    if (element) element.preload = 'metadata';
  }, []);

  const progress = duration > 0 ? (currentTime / duration) * 100 : 0;

  const togglePlay = () => {
    const element = audio.current;
    if (!element) return;
    if (element.paused) void element.play().catch(() => setPlaying(false));
    else element.pause();
  };

  const toggleMute = () => {
    const element = audio.current;
    if (!element) return;
    element.volume = muted ? 1 : 0;
    setMuted(!muted);
  };

  const seek = (seconds: number) => {
    if (audio.current) audio.current.currentTime = seconds;
    setCurrentTime(seconds);
  };

  return (
    <div className={styles.player} role="group" aria-label={`Soundtrack: ${title}`}>
      <audio
        ref={audio}
        src={src}
        preload="none"
        loop
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onTimeUpdate={(event) => setCurrentTime(event.currentTarget.currentTime)}
        onLoadedMetadata={(event) => setDuration(event.currentTarget.duration)}
        onDurationChange={(event) => setDuration(event.currentTarget.duration)}
      />
      <IconButton label={playing ? 'Pause' : 'Play'} onClick={togglePlay}>
        <path d={playing ? 'M7 5h4v14H7zM13 5h4v14h-4z' : 'M8 5v14l11-7z'} fill="currentColor" />
      </IconButton>
      <span className={styles.title}>{title}</span>
      <div className={styles.seek}>
        <div
          className={styles.fill}
          style={{ width: `${progress}%` }}
          data-testid="audio-progress"
        />
        <input
          type="range"
          className={styles.range}
          min={0}
          max={duration || 0}
          step={0.1}
          value={currentTime}
          onChange={(event) => seek(Number(event.target.value))}
          aria-label="Seek"
          aria-valuetext={`${formatTime(currentTime)} of ${formatTime(duration)}`}
          disabled={duration === 0}
        />
      </div>
      <span className={styles.time} aria-live="off">
        {formatTime(currentTime)} / {formatTime(duration)}
      </span>
      <IconButton label={muted ? 'Unmute' : 'Mute'} onClick={toggleMute}>
        <path d="M4 9v6h4l5 4V5L8 9z" fill="currentColor" />
        {muted ? (
          <path d="M16 9l5 6M21 9l-5 6" stroke="currentColor" strokeWidth="1.8" />
        ) : (
          <path
            d="M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12"
            stroke="currentColor"
            strokeWidth="1.6"
            fill="none"
          />
        )}
      </IconButton>
    </div>
  );
}

/** A button of the player, named by its label, drawn by its icon's paths. */
function IconButton({
  label,
  onClick,
  children,
}: {
  label: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button type="button" className={styles.button} onClick={onClick} aria-label={label}>
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        {children}
      </svg>
    </button>
  );
}
