/**
 * Chromium through playwright-core (Debian's /usr/bin/chromium, headless, no sandbox, GPU, QUIC or
 * background networking: the launch flags below), one browser per spec file, a fresh context and page per
 * test (viewport 1440×900, empty localStorage), and screenshots: at each step
 * (`test-output/screenshots/<spec>/<nn>-<step>.png`) and on failure (`…/<nn>-<step>-FAILED.png`, or `FAILED-<test>.png` for failures outside a step, with the page's
 * console errors and failed requests in `FAILED-<test>.log`).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { OUTPUT_DIR, serverInfo } from './server';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const VIEWPORT = { width: 1440, height: 900 };

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
}

export interface BrowserTestContext {
  page: Page;
  context: BrowserContext;
  baseUrl: string;
  adminPassword: string;
  /** Runs a step; screenshots the page after it (`<nn>-<name>.png`), or on failure (`<nn>-<name>-FAILED.png`). */
  step(name: string, fn?: () => Promise<void>): Promise<void>;
  /** A screenshot now (`<nn>-<name>.png`); returns its path. */
  shot(name: string): Promise<string>;
  /** Uncaught errors thrown in the page so far. */
  pageErrors: string[];
}

/** A phone (390 × 844 CSS pixels, touch, the mobile viewport meta honoured), for `browserSpec(name, PHONE)`. */
export const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

/**
 * Declares the browser specs of one file: `const { test } = browserSpec('admin-journey')`, then
 * `test('name', async ({ page, step }) => …)`. Screenshots go to test-output/screenshots/<spec>/. `device`
 * replaces the desktop viewport (e.g. PHONE).
 */
export function browserSpec(spec: string, device: BrowserContextOptions = { viewport: VIEWPORT }) {
  const dir = join(OUTPUT_DIR, 'screenshots', spec);
  let browser: Browser | undefined;
  let counter = 0;

  beforeAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  function test(name: string, fn: (ctx: BrowserTestContext) => Promise<void>, timeout?: number) {
    it(
      name,
      async () => {
        if (!browser) throw new Error('the browser did not start');
        const { baseUrl, adminPassword } = serverInfo();
        // a browser whose language is Chinese unless the spec says otherwise (a first visit starts in it)
        const context = await browser.newContext({ locale: 'zh-CN', ...device, baseURL: baseUrl });
        context.setDefaultTimeout(15_000);
        const page = await context.newPage();
        const pageErrors: string[] = [];
        const consoleLog: string[] = [];
        page.on('pageerror', (error) => {
          pageErrors.push(error.message);
          consoleLog.push(`pageerror: ${error.stack ?? error.message}`);
        });
        page.on('console', (message) => {
          if (message.type() === 'error' || message.type() === 'warning') consoleLog.push(`${message.type()}: ${message.text()}`);
        });
        page.on('requestfailed', (request) => consoleLog.push(`request failed: ${request.method()} ${request.url()} ${request.failure()?.errorText ?? ''}`));
        page.on('response', (response) => {
          if (response.status() >= 400) consoleLog.push(`HTTP ${response.status()}: ${response.request().method()} ${response.url()}`);
        });

        const file = (label: string, suffix = '') => join(dir, `${String(++counter).padStart(2, '0')}-${slug(label)}${suffix}.png`);
        const shot = async (label: string) => {
          const path = file(label);
          await page.screenshot({ path, animations: 'disabled' });
          return path;
        };
        const step = async (label: string, body?: () => Promise<void>) => {
          try {
            if (body) await body();
          } catch (error) {
            await page.screenshot({ path: file(label, '-FAILED') }).catch(() => undefined);
            throw error;
          }
          await shot(label);
        };

        try {
          await fn({ page, context, baseUrl, adminPassword, step, shot, pageErrors });
        } catch (error) {
          await page.screenshot({ path: join(dir, `FAILED-${slug(name)}.png`) }).catch(() => undefined);
          writeFileSync(join(dir, `FAILED-${slug(name)}.log`), `${page.url()}\n${String(error)}\n\n${consoleLog.join('\n')}\n`);
          throw error;
        } finally {
          await context.close();
        }
      },
      timeout,
    );
  }

  return { test };
}
