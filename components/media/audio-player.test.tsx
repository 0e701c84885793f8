import { beforeEach, describe, expect, jest, test } from '@jest/globals';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AudioPlayer } from './audio-player';

// jsdom has no media playback: play and pause only fire the events a browser would.
beforeEach(() => {
  let paused = true;
  Object.defineProperty(HTMLMediaElement.prototype, 'paused', {
    configurable: true,
    get: () => paused,
  });
  HTMLMediaElement.prototype.play = jest.fn(function (this: HTMLMediaElement) {
    paused = false;
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  }) as never;
  HTMLMediaElement.prototype.pause = jest.fn(function (this: HTMLMediaElement) {
    paused = true;
    this.dispatchEvent(new Event('pause'));
  }) as never;
});

function renderPlayer() {
  const view = render(<AudioPlayer src="/media/audio/loop.mp3" title="Saanjh (instrumental)" />);
  const audio = view.container.querySelector('audio')!;
  Object.defineProperty(audio, 'duration', { configurable: true, value: 125 });
  fireEvent.loadedMetadata(audio);
  return audio;
}

describe('AudioPlayer', () => {
  test('never plays by itself; play and pause toggle', async () => {
    const user = userEvent.setup();
    renderPlayer();
    expect(HTMLMediaElement.prototype.play).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Play' }));
    expect(screen.getByRole('button', { name: 'Pause' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pause' }));
    expect(screen.getByRole('button', { name: 'Play' })).toBeInTheDocument();
  });

  test('mute sets the volume to 0, unmute back to full', async () => {
    const user = userEvent.setup();
    const audio = renderPlayer();
    await user.click(screen.getByRole('button', { name: 'Mute' }));
    expect(audio.volume).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Unmute' }));
    expect(audio.volume).toBe(1);
  });

  test('shows the time as m:ss with a progress fill that follows it', () => {
    const audio = renderPlayer();
    expect(screen.getByText('0:00 / 2:05')).toBeInTheDocument();
    audio.currentTime = 62.5;
    fireEvent.timeUpdate(audio);
    expect(screen.getByText('1:02 / 2:05')).toBeInTheDocument();
    expect(screen.getByTestId('audio-progress')).toHaveStyle({ width: '50%' });
  });

  test('the slider seeks', () => {
    const audio = renderPlayer();
    fireEvent.change(screen.getByRole('slider', { name: 'Seek' }), { target: { value: '100' } });
    expect(audio.currentTime).toBe(100);
    expect(screen.getByText('1:40 / 2:05')).toBeInTheDocument();
  });
});
