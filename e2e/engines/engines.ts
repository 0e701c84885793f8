// Debian's Firefox ESR and WebKitGTK, driven as a visitor would use them, for the flows where
// engines differ (engines.spec.ts). Playwright's own Firefox and WebKit builds cannot be downloaded
// here; these are the browsers the distribution ships: Firefox through WebDriver BiDi
// (puppeteer-core), WebKitGTK's MiniBrowser through WebKitWebDriver (selenium-webdriver), in a
// virtual X display (Xvfb). Both sit behind one small interface, so each flow is written once.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { Builder, By, Capabilities, Key, Origin, type WebDriver } from 'selenium-webdriver';

export type EngineName = 'firefox' | 'webkit';

export const FIREFOX = '/usr/bin/firefox-esr';
export const WEBKIT_DRIVER = '/usr/bin/WebKitWebDriver';
const MINIBROWSER = [
  '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser',
  '/usr/lib/aarch64-linux-gnu/webkit2gtk-4.1/MiniBrowser',
].find((file) => existsSync(file));

/** Why this machine cannot run an engine, or null when it can. */
export function missing(engine: EngineName): string | null {
  if (engine === 'firefox')
    return existsSync(FIREFOX) ? null : `${FIREFOX} (apt-get install firefox-esr)`;
  if (!existsSync(WEBKIT_DRIVER) || !MINIBROWSER)
    return `${WEBKIT_DRIVER} and MiniBrowser (apt-get install webkit2gtk-driver)`;
  if (!existsSync('/usr/bin/Xvfb')) return 'Xvfb (apt-get install xvfb)';
  return null;
}

/** What a flow does with a browser: the same on both engines. */
export type Tab = {
  engine: EngineName;
  goto(url: string): Promise<void>;
  reload(): Promise<void>;
  /** Runs `body` (a function body, with `arg`) in the page and returns its JSON-able result. */
  run<T>(body: string, arg?: unknown): Promise<T>;
  /** Waits until `body` (given `arg`) returns something truthy in the page; returns it. */
  until<T>(body: string, what: string, options?: { arg?: unknown; timeoutMs?: number }): Promise<T>;
  /** A real click (the driver's pointer) on the first element matching `css`. */
  click(css: string): Promise<void>;
  /** A real click at a point of the window (a dialog's backdrop, say). */
  clickAt(x: number, y: number): Promise<void>;
  /** Types into the element matching `css`. */
  type(css: string, text: string): Promise<void>;
  /** A key on whatever has focus: 'Escape', 'Tab', 'Enter', 'ArrowLeft'. */
  press(key: 'Escape' | 'Tab' | 'Enter' | 'ArrowLeft'): Promise<void>;
  /** Chooses a file in the file input matching `css`. */
  chooseFile(css: string, file: string): Promise<void>;
  /** Whether the browser still answers (within a few seconds). */
  alive(): Promise<boolean>;
  /** Clears what the site at `origin` stored (storage, cookies) and leaves a blank page. */
  forget(origin: string): Promise<void>;
  close(): Promise<void>;
};

/** The parts of a Tab that are the same on both engines. */
const common = (tab: Pick<Tab, 'run' | 'goto'>) => ({
  alive: () =>
    Promise.race([
      tab.run('return true;').then(
        () => true,
        () => false,
      ),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 5_000)),
    ]),
  forget: async (origin: string) => {
    await tab.goto(`${origin}/robots.txt`);
    await tab.run(
      `localStorage.clear(); sessionStorage.clear();
       for (const cookie of document.cookie.split(';'))
         document.cookie = cookie.split('=')[0].trim() + '=; max-age=0; path=/';`,
    );
    await tab.goto('about:blank');
  },
});

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** Only the machine itself: any other address fails at once, so no test reaches a third party. */
const LOCAL = /^(https?:\/\/(127\.0\.0\.1|localhost)(:\d+)?\/|data:|blob:|about:)/;

/** Opens a fresh browser (a new profile) at a window `width` × `height`. */
export async function open(engine: EngineName, width: number, height: number): Promise<Tab> {
  return engine === 'firefox' ? openFirefox(width, height) : openWebKit(width, height);
}

async function openFirefox(width: number, height: number): Promise<Tab> {
  const browser: Browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
  });
  const page: Page = await browser.newPage();
  await page.setViewport({ width, height });
  await page.setRequestInterception(true);
  page.on('request', (request) => {
    if (LOCAL.test(request.url())) void request.continue();
    else void request.abort('blockedbyclient');
  });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  const tab: Tab = {
    engine: 'firefox',
    goto: async (url) => void (await page.goto(url, { waitUntil: 'domcontentloaded' })),
    reload: async () => void (await page.reload({ waitUntil: 'domcontentloaded' })),
    run: (body, arg) => page.evaluate(new Function('arg', body) as (arg: unknown) => never, arg),
    until: (body, what, options) => poll(tab, body, what, options),
    click: (css) => page.click(css),
    clickAt: (x, y) => page.mouse.click(x, y),
    type: (css, text) => page.type(css, text),
    press: (key) => page.keyboard.press(key),
    chooseFile: async (css, file) => {
      const input = await page.$(css);
      await (input as unknown as { uploadFile(file: string): Promise<void> }).uploadFile(file);
    },
    close: () => browser.close(),
    ...common({ run: (body, arg) => tab.run(body, arg), goto: (url) => tab.goto(url) }),
  };
  return tab;
}

/** A virtual X display for MiniBrowser: Xvfb picks a free number and writes it to us. */
async function virtualDisplay(): Promise<{ display: string; stop(): void }> {
  const xvfb = spawn(
    'Xvfb',
    ['-displayfd', '1', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'],
    {
      stdio: ['ignore', 'pipe', 'ignore'],
    },
  );
  const number = await new Promise<string>((resolve, reject) => {
    let out = '';
    xvfb.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) resolve(out.trim());
    });
    xvfb.on('exit', () => reject(new Error('Xvfb did not start')));
  });
  return { display: `:${number}`, stop: () => xvfb.kill('SIGKILL') };
}

/**
 * A WebKitWebDriver session on its own display. Now and then a new session never answers (seen
 * about once in six right after another ended): each try has 6 s (a session takes about 1), then the driver and display
 * are ended and it starts afresh.
 */
async function webKitSession(): Promise<{ driver: WebDriver; stop(): Promise<void> }> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const x = await virtualDisplay();
    const server: ChildProcess = spawn(WEBKIT_DRIVER, [`--port=${port}`], {
      stdio: 'ignore',
      env: { ...process.env, DISPLAY: x.display },
    });
    /** Ends the driver (which ends its browser), then the display. */
    const stop = async () => {
      const ended = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 3000))]);
      server.kill('SIGKILL');
      x.stop();
    };
    const connect = async () => {
      for (;;) {
        try {
          return await new Builder()
            .usingServer(`http://127.0.0.1:${port}`)
            .withCapabilities(
              new Capabilities({
                browserName: 'MiniBrowser',
                // Navigation ends at the load event. With 'eager' (DOMContentLoaded) the first
                // script sent after it is never answered by WebKitWebDriver 2.50.
                pageLoadStrategy: 'normal',
                'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
                // Every address but this machine's goes to a closed port and fails at once.
                proxy: {
                  proxyType: 'manual',
                  httpProxy: '127.0.0.1:9',
                  sslProxy: '127.0.0.1:9',
                  noProxy: ['127.0.0.1', 'localhost'],
                },
              }),
            )
            .build();
        } catch {
          await new Promise((resolve) => setTimeout(resolve, 200)); // not listening yet
        }
      }
    };
    const driver = await Promise.race([
      connect(),
      new Promise<null>((resolve) => setTimeout(() => resolve(null), 6_000)),
    ]);
    if (driver) return { driver, stop };
    await stop();
    if (attempt === 3) throw new Error('WebKitWebDriver gave no session in three tries');
  }
}

async function openWebKit(width: number, height: number): Promise<Tab> {
  const { driver: session, stop } = await webKitSession();
  // WebKitGTK's window is at least 447 px wide.
  await session
    .manage()
    .window()
    .setRect({ width: Math.max(width, 447), height });
  const tab: Tab = {
    engine: 'webkit',
    goto: (url) => session.get(url),
    reload: () => session.navigate().refresh(),
    run: (body, arg) =>
      session.executeScript(`return (function (arg) { ${body} })(arguments[0]);`, arg),
    until: (body, what, options) => poll(tab, body, what, options),
    click: async (css) => (await session.findElement(By.css(css))).click(),
    clickAt: (x, y) => session.actions().move({ x, y, origin: Origin.VIEWPORT }).click().perform(),
    type: async (css, text) => (await session.findElement(By.css(css))).sendKeys(text),
    press: (key) =>
      session
        .actions()
        .sendKeys(
          { Escape: Key.ESCAPE, Tab: Key.TAB, Enter: Key.ENTER, ArrowLeft: Key.ARROW_LEFT }[key],
        )
        .perform(),
    // WebKitWebDriver only types into a file input it deems interactable: a visually hidden one
    // (the site's picker is its label) is shown for the moment.
    chooseFile: async (css, file) => {
      const input = await session.findElement(By.css(css));
      await session.executeScript(
        "arguments[0].style.cssText = 'position: static; width: 10rem; height: 2rem; clip: auto; clip-path: none';",
        input,
      );
      await input.sendKeys(file);
      await session.executeScript("arguments[0].style.cssText = '';", input);
    },
    close: async () => {
      await session.quit().catch(() => {});
      await stop();
    },
    ...common({ run: (body, arg) => tab.run(body, arg), goto: (url) => tab.goto(url) }),
  };
  return tab;
}

async function poll<T>(
  tab: Tab,
  body: string,
  what: string,
  { arg, timeoutMs = 15_000 }: { arg?: unknown; timeoutMs?: number } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      last = await tab.run<T>(body, arg);
      if (last) return last as T;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline)
      throw new Error(`${tab.engine}: waited ${timeoutMs} ms for ${what} (last: ${String(last)})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
