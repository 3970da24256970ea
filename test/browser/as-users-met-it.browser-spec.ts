/**
 * What new users tripped over, in a browser whose own time zone is not the site's (Los Angeles against the
 * site's Asia/Shanghai): times shown in the site's zone, saying so, agreeing with the order numbers; a row
 * action's tooltip never covering the OK / Cancel of its confirmation; icon-only buttons with an accessible
 * name; Escape closing a drawer; a deep link opened while signed out reached after signing in; the site name
 * in the titles of the sign-in and 404 pages.
 * Screenshots: test-output/screenshots/as-users-met-it/.
 */
import type { Locator, Page } from 'playwright-core';
import { adminApi } from './support/api';
import { drawer, eventually, expectPath, goHash, hoverUntil, row, settled } from './support/admin';
import { browserSpec, VIEWPORT } from './support/browser';
import { serverInfo } from './support/server';

const { test } = browserSpec('as-users-met-it', { viewport: VIEWPORT, timezoneId: 'America/Los_Angeles' });

const RUN = Date.now().toString(36).slice(-5).toUpperCase();

/** `YYYY-MM-DD HH:mm:ss` of a Unix time in a zone. */
function inZone(seconds: number, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' })
      .formatToParts(new Date(seconds * 1000))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

async function siteName(): Promise<string> {
  const res = await fetch(`${serverInfo().baseUrl}/api/index/index`, { headers: { server: '1' } });
  return ((await res.json()) as { data: { site: { siteName: string } } }).data.site.siteName;
}

/** Buttons on screen that a screen reader could only call "button". */
async function unnamedButtons(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    type El = { getAttribute(n: string): string | null; innerText: string; outerHTML: string; getClientRects(): { length: number } };
    const doc = (globalThis as unknown as { document: { querySelectorAll(s: string): ArrayLike<El> } }).document;
    return Array.from(doc.querySelectorAll('button, [role=button]'))
      .filter((el) => el.getClientRects().length > 0)
      .filter((el) => !(el.getAttribute('aria-label') || el.getAttribute('aria-labelledby') || el.getAttribute('title') || el.innerText.trim()))
      .map((el) => el.outerHTML.slice(0, 160));
  });
}

/** Whether the point at the middle of `target` belongs to it (nothing lies on top). */
async function uncovered(target: Locator): Promise<boolean> {
  return target.evaluate((node) => {
    // the specs compile without the DOM library
    const el = node as unknown as { getBoundingClientRect(): { left: number; top: number; width: number; height: number }; contains(other: unknown): boolean };
    const box = el.getBoundingClientRect();
    const doc = (globalThis as unknown as { document: { elementFromPoint(x: number, y: number): unknown } }).document;
    const top = doc.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return top === el || el.contains(top);
  });
}

test('a user in another time zone signs in through a deep link and works the lists', async ({ page, step, adminPassword, pageErrors }) => {
  const api = await adminApi();
  const name = await siteName();
  expect(name).not.toBe('');
  const warehouse = await api.add('Warehouse', { name: `时区仓 ${RUN}`, serial_no: `TZ-${RUN}` });
  const area = await api.add('WarehouseArea', { warehouse_id: warehouse.id, name: 'A区', serial_no: 'A' });
  const shelf = await api.add('Shelf', { warehouse_id: warehouse.id, warehouse_area_id: area.id, name: `TZ-01 ${RUN}`, serial_no: 'TZ-01' });
  const unit = await api.add('Unit', { name: `箱 ${RUN}` });
  const product = await api.add('Product', { product_no: `TZ-P-${RUN}`, name: `时区商品 ${RUN}`, unit_id: unit.id, price: '10.00' });
  const supplier = await api.add('Supplier', { name: `时区供应商 ${RUN}` });
  const order = await api.add('Inbound', { supplier_id: supplier.id, type: 10, lines: [{ product_id: product.id, warehouse_shelf_id: shelf.id, plan_quantity: 3, actual_quantity: 3, price: '10.00' }] });
  const brand = await api.add('Brand', { name: `提示品牌 ${RUN}` });

  await step('the sign-in page is titled with the site name', async () => {
    await page.goto('/#/404');
    await eventually(async () => expect(await page.title()).toMatch(new RegExp(` - ${name}$`)));
  });

  await step('a deep link opened while signed out asks to sign in', async () => {
    await page.goto('/#/admin/wms/inbound');
    await eventually(() => expect(new URL(page.url()).hash).toMatch(/^#\/admin\/login\?redirect=/));
    await eventually(async () => expect(await page.title()).toMatch(new RegExp(` - ${name}$`)));
  });

  await step('after signing in, the page asked for', async () => {
    await page.locator('input[name=username]').fill('admin');
    await page.locator('input[name=password]').fill(adminPassword);
    await page.locator('.ba-login button[type=submit]').click();
    await expectPath(page, '/admin/wms/inbound');
    await settled(page);
  });

  await step('times in the site zone, as the order number has it, and the page says which zone', async () => {
    const line = row(page, order.receipt_no);
    await line.waitFor();
    const shown = inZone(order.createtime, 'Asia/Shanghai');
    expect(await line.innerText()).toContain(shown);
    expect(await line.innerText()).not.toContain(inZone(order.createtime, 'America/Los_Angeles'));
    // RK20261126-0004 was made on 2026-11-26, site time
    expect(String(order.receipt_no).replace(/^\D+(\d{4})(\d{2})(\d{2}).*$/, '$1-$2-$3')).toBe(shown.slice(0, 10));
    expect(await page.locator('.ba-page:visible [data-crud=time-zone]').innerText()).toContain('Asia/Shanghai (UTC+08:00)');
  });

  await step('the order detail breaks a shelf location between its parts, never inside a code', async () => {
    await row(page, order.receipt_no).locator('[data-crud=row-view]').click();
    const detail = page.locator('.arco-drawer:visible').filter({ has: page.locator('.orders-location') });
    await detail.first().waitFor();
    const lines = await detail
      .first()
      .locator('.orders-location-part')
      .evaluateAll((els) => (els as unknown as Array<{ getClientRects(): { length: number } }>).map((el) => el.getClientRects().length));
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((n) => n === 1)).toBe(true);
    await page.keyboard.press('Escape');
    await detail.first().waitFor({ state: 'hidden' });
  });

  await step('icon-only buttons have names', async () => {
    expect(await unnamedButtons(page)).toEqual([]);
    await goHash(page, '/admin/wms/brand');
    await expectPath(page, '/admin/wms/brand');
    await settled(page);
    expect(await unnamedButtons(page)).toEqual([]);
  });

  await step("a row action's tooltip leaves the confirmation's buttons free", async () => {
    const remove = row(page, brand.name).locator('[data-crud=row-delete]');
    await hoverUntil(remove, page.locator('.arco-tooltip-content:visible').first());
    await remove.click();
    const confirm = page.locator('.arco-popconfirm:visible');
    await confirm.waitFor();
    const ok = confirm.locator('.arco-btn-primary');
    const cancel = confirm.locator('.arco-btn').first();
    // once the tooltip's and the confirmation's animations are over (a cover that stays fails here)
    await eventually(async () => expect([await uncovered(ok), await uncovered(cancel)]).toEqual([true, true]), 5_000, 'the buttons uncovered');
    await cancel.click();
    await confirm.waitFor({ state: 'hidden' });
  });

  await step('Escape closes the add drawer', async () => {
    await page.locator('.ba-page:visible [data-crud=add]').click();
    await drawer(page).waitFor();
    await page.keyboard.press('Escape');
    await drawer(page).waitFor({ state: 'hidden' });
  });

  await step('the product list keeps its columns in view at 1440 px', async () => {
    await goHash(page, '/admin/wms/product');
    await expectPath(page, '/admin/wms/product');
    await settled(page);
    const sideways = await page
      .locator('.ba-page:visible .crud-table .arco-table-body, .ba-page:visible .crud-table .arco-table-content-inner')
      .evaluateAll((els) => (els as unknown as Array<{ scrollWidth: number; clientWidth: number }>).map((el) => el.scrollWidth - el.clientWidth));
    expect(sideways.length).toBeGreaterThan(0);
    expect(sideways.every((extra) => extra <= 0)).toBe(true);
    expect(await page.locator('.ba-page:visible .crud-table thead th', { hasText: '操作' }).isVisible()).toBe(true);
  });

  await step('the stock search placeholder stays clear of its icon', async () => {
    await goHash(page, '/admin/wms/stock');
    await expectPath(page, '/admin/wms/stock');
    await settled(page);
    const input = page.locator('.ba-page:visible [data-crud=quick-search]');
    // measured once the page's styles are applied (a full run measured 0 before, 6 a moment later)
    const gap = () =>
      input.evaluate((node) => {
        type Box = { getBoundingClientRect(): { left: number; right: number } };
        const el = node as unknown as Box & { parentElement: { querySelector(s: string): Box | null } };
        const icon = el.parentElement.querySelector('.arco-icon-search');
        return icon ? icon.getBoundingClientRect().left - el.getBoundingClientRect().right : -1;
      });
    await eventually(async () => expect(await gap()).toBeGreaterThanOrEqual(4), 10_000, 'the gap between the search box and its icon');
  });

  expect(pageErrors).toEqual([]);
});
