import { afterEach, beforeEach, describe, expect, jest, test } from '@jest/globals';
import { firstScreen, standInsOf } from './first-screen';

// The font-family lists next/font gives lib/fonts.ts's two families.
const standIns = standInsOf([
  { style: { fontFamily: "'jost', Jost fallback, Jost fallback Roboto, system-ui, sans-serif" } },
  {
    style: {
      fontFamily:
        "'cormorantGaramond', Cormorant fallback, Cormorant fallback Noto, Georgia, serif",
    },
  },
]);

test("names each web font's stand-ins, as app/font-fallbacks.css declares them", () => {
  expect(standIns).toEqual({
    jost: ['Jost fallback', 'Jost fallback Roboto'],
    cormorantGaramond: ['Cormorant fallback', 'Cormorant fallback Noto'],
  });
});

type Status = 'unloaded' | 'loading' | 'loaded' | 'error';
type Face = { family: string; style: string; status: Status; load: () => Promise<void> };

const html = document.documentElement;
let faces: Face[];
let release: () => void;

/**
 * document.fonts of a page: the three web faces, not loaded, and the stand-ins in the state the
 * first layout left them. Every web face's load() settles when the test calls release().
 */
function page(standIns: Record<string, Status>) {
  const arrived = new Promise<void>((resolve) => {
    release = resolve;
  });
  const face = (name: string, status: Status): Face => {
    const [family, style] = name.split('/') as [string, string];
    return { family, style, status, load: jest.fn(() => arrived) };
  };
  faces = [
    face('jost/normal', 'unloaded'),
    face('cormorantGaramond/normal', 'unloaded'),
    face('cormorantGaramond/italic', 'unloaded'),
    ...Object.entries(standIns).map(([name, status]) => face(name, status)),
  ];
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { forEach: (each: (face: Face) => void) => faces.forEach(each) },
  });
}

/** The head script runs (lib/inline/first-screen.ts). */
const headScript = () => firstScreen(standIns);

/** Lets the first screen be painted: DOMContentLoaded, as jsdom has no paint timing. */
const paint = () => document.dispatchEvent(new Event('DOMContentLoaded'));

const fetched = () =>
  faces
    .filter((f) => (f.load as jest.Mock).mock.calls.length > 0)
    .map((f) => `${f.style} ${f.family}`);

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('FirstScreen on a first visit', () => {
  beforeEach(() => {
    localStorage.clear();
    html.removeAttribute('data-fonts');
    html.setAttribute('data-hydrated', '');
  });
  afterEach(() => release());

  test('fetches the faces whose stand-ins the page used, and switches once all are in', async () => {
    page({
      'Jost fallback/normal': 'loaded',
      'Cormorant fallback/normal': 'loaded',
      'Cormorant fallback/italic': 'loaded',
      'Cormorant fallback Noto/normal': 'unloaded',
    });
    headScript();
    paint();
    expect(html.hasAttribute('data-painting')).toBe(false);
    expect(fetched()).toEqual([
      'normal jost',
      'normal cormorantGaramond',
      'italic cormorantGaramond',
    ]);
    await settle();
    expect(html.hasAttribute('data-fonts')).toBe(false);

    release();
    await settle();
    expect(html.hasAttribute('data-fonts')).toBe(true);
    expect(localStorage.getItem('web-fonts')).toBe('1');
  });

  test('waits for React to have hydrated the page, so as not to hold back its scripts', async () => {
    html.removeAttribute('data-hydrated');
    page({ 'Jost fallback/normal': 'loaded' });
    headScript();
    paint();
    expect(html.hasAttribute('data-painting')).toBe(false);
    expect(fetched()).toEqual([]);
    html.setAttribute('data-hydrated', '');
    await settle();
    expect(fetched()).toEqual(['normal jost']);
  });

  test.each([
    {
      what: 'leaves out a face whose stand-in no text asked for (the italic here)',
      standIns: {
        'Jost fallback/normal': 'loaded',
        'Cormorant fallback/normal': 'loaded',
        'Cormorant fallback/italic': 'unloaded',
      },
    },
    {
      what: 'counts a stand-in this system lacks ("error") as asked for',
      standIns: {
        'Jost fallback/normal': 'error',
        'Jost fallback Roboto/normal': 'error',
        'Cormorant fallback/normal': 'loaded',
      },
    },
  ] as { what: string; standIns: Record<string, Status> }[])('$what', ({ standIns }) => {
    page(standIns);
    headScript();
    paint();
    expect(fetched()).toEqual(['normal jost', 'normal cormorantGaramond']);
  });
});

test('a browser that has fetched the fonts before uses them from the start', () => {
  localStorage.setItem('web-fonts', '1');
  html.removeAttribute('data-fonts');
  page({ 'Jost fallback/normal': 'loaded' });
  headScript();
  expect(html.hasAttribute('data-fonts')).toBe(true);
  paint();
  expect(fetched()).toEqual([]);
});

test('holds the switch while a dialog is open, whose words would move, and makes it once it closes', async () => {
  jest.useFakeTimers();
  try {
    localStorage.clear();
    html.removeAttribute('data-fonts');
    html.setAttribute('data-hydrated', '');
    page({ 'Jost fallback/normal': 'loaded' });
    const cart = document.body.appendChild(document.createElement('dialog'));
    cart.setAttribute('open', '');
    headScript();
    paint();
    release();
    await jest.advanceTimersByTimeAsync(1000);
    expect(html.hasAttribute('data-fonts')).toBe(false);
    expect(localStorage.getItem('web-fonts')).toBe('1');

    cart.removeAttribute('open');
    await jest.advanceTimersByTimeAsync(250);
    expect(html.hasAttribute('data-fonts')).toBe(true);
    cart.remove();
  } finally {
    jest.useRealTimers();
  }
});
