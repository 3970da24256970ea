/**
 * What the back-office specs do again and again: sign in, follow the side menu, work with a CRUD page
 * (toolbar, table rows, the add / edit drawer, remote selects) and read the stored session.
 */
import type { Locator, Page } from 'playwright-core';
import { ADMIN_USERNAME } from './server';

export const ADMIN_INFO_KEY = 'adminInfo';
export const TAB_VIEW_CONFIG_KEY = 'storeTabViewConfig';

/** The page's window as far as the specs use it (the specs compile without the DOM library). */
interface PageWindow {
  localStorage: { getItem(key: string): string | null };
  location: { hash: string };
  [marker: string]: unknown;
}

/** A localStorage value of the page, parsed (null when missing). */
export async function stored<T = Record<string, unknown>>(page: Page, key: string): Promise<T | null> {
  const raw = await page.evaluate((k) => (globalThis as unknown as PageWindow).localStorage.getItem(k), key);
  return raw ? (JSON.parse(raw) as T) : null;
}

/** Sets a marker on the page's window: still there later means the document was not reloaded. */
export async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => ((globalThis as unknown as PageWindow).__specMarker = true));
}

export async function sameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => (globalThis as unknown as PageWindow).__specMarker === true);
}

/** Changes the route inside the running app (as a link would), without loading the page again. */
export async function goHash(page: Page, path: string): Promise<void> {
  await page.evaluate((p) => ((globalThis as unknown as PageWindow).location.hash = `#${p}`), path);
}

/** Waits until `check` passes (it may throw or return false), polling; rethrows the last error. */
export async function eventually(check: () => Promise<unknown> | unknown, timeoutMs = 10_000, message = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const result = await check();
      if (result !== false) return;
      lastError = new Error(`${message} was still false`);
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) throw lastError;
    await new Promise((r) => setTimeout(r, 100));
  }
}

export function hashPath(page: Page): string {
  return decodeURIComponent(new URL(page.url()).hash.replace(/^#/, '').split('?')[0]);
}

export async function expectPath(page: Page, path: string): Promise<void> {
  await eventually(() => expect(hashPath(page)).toBe(path), 10_000, `path ${path}`);
}

export async function expectTitle(page: Page, title: string): Promise<void> {
  await eventually(async () => expect(await page.title()).toBe(title), 10_000, `title ${title}`);
}

/**
 * Hovers `trigger` until `shown` (a menu, a tooltip, a clear icon) is visible. The mouse leaves the trigger first
 * and the hover is repeated: a hover where the mouse already is sends no mouseenter, and a page just brought to
 * the front may miss the first one.
 */
export async function hoverUntil(trigger: Locator, shown: Locator, timeoutMs = 15_000): Promise<void> {
  const page = trigger.page();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await page.mouse.move(0, 0);
    await trigger.hover();
    try {
      await shown.waitFor({ state: 'visible', timeout: 2_000 });
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
  }
}

/** Opens a menu shown on hover and clicks one of its entries (an Arco dropdown item by its text, or any locator). */
export async function chooseFromHoverMenu(trigger: Locator, entry: string | Locator, timeoutMs = 15_000): Promise<void> {
  const item = typeof entry === 'string' ? trigger.page().locator('.arco-dropdown-menu-item:visible').filter({ hasText: entry }).first() : entry;
  await hoverUntil(trigger, item, timeoutMs);
  await item.click();
}

/** The full-page loading block of index.html is gone and no progress bar runs. */
export async function settled(page: Page): Promise<void> {
  await page.locator('#block-loading').waitFor({ state: 'detached', timeout: 10_000 });
  await page.locator('#nprogress').waitFor({ state: 'detached', timeout: 10_000 });
  await page.locator('.crud-table .arco-spin-loading').waitFor({ state: 'detached', timeout: 10_000 });
}

/** The stored admin session (localStorage `adminInfo`). */
export function storedAdminInfo(page: Page): Promise<Record<string, unknown> | null> {
  return stored(page, ADMIN_INFO_KEY);
}

export async function signIn(page: Page, password: string, username = ADMIN_USERNAME): Promise<void> {
  await page.goto('/#/admin/login');
  await page.locator('input[name=username]').fill(username);
  await page.locator('input[name=password]').fill(password);
  await page.locator('.ba-login button[type=submit]').click();
  await expectPath(page, '/admin/dashboard');
  await page.locator('.ba-layout').waitFor();
}

export function sideMenu(page: Page): Locator {
  return page.locator('.ba-side-menu');
}

/** Clicks a page in the side menu, opening its folder first when it is closed. */
export async function openMenu(page: Page, folder: string | null, title: string): Promise<void> {
  const menu = sideMenu(page);
  const item = menu.locator('.arco-menu-item').filter({ hasText: new RegExp(`^\\s*${escapeRegExp(title)}\\s*$`) });
  if (folder && !(await item.isVisible())) {
    await menu.locator('.arco-menu-inline-header').filter({ hasText: new RegExp(`^\\s*${escapeRegExp(folder)}\\s*$`) }).click();
    // the folder opens (and another may close) with a height transition: click once the items stand still
    await item.waitFor();
    await menu.evaluate((el) => Promise.all((el as unknown as { getAnimations(o: object): Array<{ finished: Promise<unknown> }> }).getAnimations({ subtree: true }).map((a) => a.finished.catch(() => undefined))));
  }
  await item.click();
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The page shown for the current route (not the one it replaces). */
export function currentPage(page: Page): Locator {
  return page.locator(`.ba-page[data-path="${hashPath(page)}"]`);
}

export function table(page: Page): Locator {
  return currentPage(page).locator('.crud-table');
}

/** The table rows (skipping the "no data" row). */
export function rows(page: Page): Locator {
  return table(page).locator('tbody tr.arco-table-tr:not(.arco-table-empty-row)');
}

export function row(page: Page, text: string): Locator {
  return rows(page).filter({ hasText: text });
}

/** The row with a cell whose whole text is `text`. */
export function rowWithCell(page: Page, text: string): Locator {
  return rows(page).filter({ has: page.locator('td', { hasText: new RegExp(`^\\s*${escapeRegExp(text)}\\s*$`) }) });
}

export async function headerTexts(page: Page): Promise<string[]> {
  const texts = await table(page).locator('thead th').allInnerTexts();
  return texts.map((t) => t.trim()).filter(Boolean);
}

/** The open add / edit drawer. */
export function drawer(page: Page): Locator {
  return page.locator('.arco-drawer.crud-drawer');
}

export function formItem(scope: Locator, label: string): Locator {
  return scope
    .locator('.arco-form-item')
    .filter({ has: scope.page().locator('.arco-form-label-item label', { hasText: new RegExp(`^\\s*\\*?\\s*${escapeRegExp(label)}\\s*$`) }) });
}

/** Picks options of a (remote) select by their texts (tree prefixes such as "└" ignored); closes the popup. */
export async function pickOptions(page: Page, item: Locator, options: string[]): Promise<void> {
  await item.locator('.arco-select-view').click();
  for (const option of options) {
    await page.locator('.arco-select-popup .arco-select-option').filter({ hasText: new RegExp(`^[^\\p{L}\\p{N}]*${escapeRegExp(option)}\\s*$`, 'u') }).click();
  }
  // a multiple select stays open: Escape closes it; a single one closed on the pick (Escape then would
  // close the drawer the select is in)
  if (await item.locator('.arco-select-multiple').count()) await page.keyboard.press('Escape');
  await page.locator('.arco-select-popup').waitFor({ state: 'hidden' });
}
