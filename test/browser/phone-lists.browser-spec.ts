/**
 * Back-office lists on a phone (390 × 844, touch), in Chinese and in English, in a browser whose own day is
 * not the site's (a zone chosen so that the browser's date differs from Asia/Shanghai's now):
 * - the pagination stays on one line, compact (‹ 1 / n ›);
 * - the key columns are one tap away: a row's ▸ opens its every column, fitting the screen: lot and
 *   expiry on the stock list, counted / variance / value in a count's review, the allocations of an
 *   order's line in its detail;
 * - no word breaks across lines on the dashboard (the greeting), the stock list, the count review (whose
 *   title stays clear of its close button), the order detail and the ledger verification page;
 * - the "as of" date picker marks the site's today, not the browser's, and picking it files the site's day.
 * Screenshots: test-output/screenshots/phone-lists/.
 */
import type { Locator, Page } from 'playwright-core';
import { adminApi } from './support/api';
import { eventually, expectPath, goHash, row, settled, signIn } from './support/admin';
import { browserSpec, PHONE } from './support/browser';
import { brokenWords } from './support/text';

const SITE_ZONE = 'Asia/Shanghai';

function dayIn(zone: string, at = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** A zone whose date is not the site's at this moment (one of the two always is: they are 25 hours apart). */
const BROWSER_ZONE = ['Pacific/Kiritimati', 'Pacific/Pago_Pago'].find((zone) => dayIn(zone) !== dayIn(SITE_ZONE))!;

const { test } = browserSpec('phone-lists', { ...PHONE, timezoneId: BROWSER_ZONE });

const RUN = Date.now().toString(36).slice(-5).toUpperCase();

async function openIn(page: Page, lang: 'zh-cn' | 'en'): Promise<void> {
  await page.addInitScript((l) => (globalThis as any).localStorage.setItem('storeConfig_v2', JSON.stringify({ layoutMode: 'Default', theme: 'light', menuCollapse: true, lang: l })), lang);
}

/** The box lies within the 390 px screen. */
async function withinScreen(locator: Locator): Promise<void> {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
}

/** Opens a row's every column with a tap on its ▸; answers the list. */
async function rowDetail(line: Locator): Promise<Locator> {
  const button = line.locator('[data-crud=row-detail]');
  // (a dialog zooms in as it opens: its size is the one at rest)
  await eventually(async () => {
    const box = await button.boundingBox();
    expect(box!.width).toBeGreaterThanOrEqual(40);
    expect(box!.height).toBeGreaterThanOrEqual(40);
  });
  await button.tap();
  // the expanded row is the next row of the table
  const list = line.locator('xpath=following-sibling::tr[1]').locator('[data-crud=row-detail-list]');
  await list.waitFor();
  await withinScreen(list);
  return list;
}

/** The value beside a label in a row's detail list. */
function detailValue(list: Locator, label: string): Locator {
  return list.locator('.list-row-detail-item').filter({ has: list.page().locator('dt', { hasText: new RegExp(`^${label}$`) }) }).locator('dd');
}

async function seed(lang: string) {
  const api = await adminApi();
  const suffix = `${RUN}${lang === 'en' ? 'E' : 'Z'}`;
  const warehouse = await api.add('Warehouse', { name: `手机列表仓 ${suffix}`, serial_no: `PL-${suffix}` });
  const area = await api.add('WarehouseArea', { warehouse_id: warehouse.id, name: 'A区', serial_no: 'A' });
  const shelf = await api.add('Shelf', { warehouse_id: warehouse.id, warehouse_area_id: area.id, name: `Coldroom shelf ${suffix}`, serial_no: `PL-01-${suffix}` });
  const unit = await api.add('Unit', { name: `盒 ${suffix}` });
  const milk = await api.add('Product', { product_no: `PLM-${suffix}`, name: `Verification milk ${suffix}`, unit_id: unit.id, price: '6.00', lot_tracked: 1 });
  const supplier = await api.add('Supplier', { name: `牧场 ${suffix}` });
  const customer = await api.add('Customer', { name: `超市 ${suffix}` });
  const lot = `L${suffix}`;
  const inbound = await api.add('Inbound', {
    supplier_id: supplier.id,
    type: 10,
    lines: [{ product_id: milk.id, warehouse_shelf_id: shelf.id, plan_quantity: 30, actual_quantity: 30, price: '6.00', lot_no: lot, expiry_date: '2031-06-30' }],
  });
  await api.post('wms.Inbound', 'audit', { id: inbound.id });
  const outbound = await api.add('Outbound', { customer_id: customer.id, type: 10, lines: [{ product_id: milk.id, warehouse_shelf_id: shelf.id, plan_quantity: 4, actual_quantity: 4, price: '9.00' }] });
  await api.post('wms.Outbound', 'audit', { id: outbound.id });
  // a count of the shelf that finds 2 more than the book
  const draft = await api.add('Stocktake', { warehouse_id: warehouse.id, warehouse_area_id: area.id, warehouse_shelf_id: shelf.id });
  const started = await api.post('wms.Stocktake', 'start', { id: draft.id });
  await api.post('wms.Stocktake', 'count', { id: draft.id, lines: [{ id: started.lines[0].id, counted_quantity: 28 }] });
  return { api, warehouse, shelf, milk, lot, outbound, stocktake: draft };
}

for (const lang of ['zh-cn', 'en'] as const) {
  const words =
    lang === 'zh-cn'
      ? { lot: '批次', expiry: '有效期', counted: '实盘', variance: '差异', value: '金额', allocations: '出库批次' }
      : { lot: 'Lot', expiry: 'Expiry', counted: 'Counted', variance: 'Variance', value: 'Value', allocations: 'Lots taken' };

  test(`lists on a phone (${lang}): compact pagination, key columns one tap away, no word broken, the site's today`, async ({ page, step, adminPassword, pageErrors }) => {
    expect(dayIn(BROWSER_ZONE)).not.toBe(dayIn(SITE_ZONE));
    const d = await seed(lang);
    await openIn(page, lang);
    await signIn(page, adminPassword);

    await step('the dashboard greets without breaking a word', async () => {
      await settled(page);
      await page.locator('.ba-dashboard-welcome').waitFor();
      expect(await brokenWords(page.locator('.ba-dashboard-welcome'))).toEqual([]);
    });

    await step('the stock list: pagination on one line, lot and expiry one tap away', async () => {
      await goHash(page, '/admin/wms/stock');
      await expectPath(page, '/admin/wms/stock');
      await settled(page);
      // other specs' stock shares the server: find this one's by its number
      const search = page.locator('.ba-page:visible .stock-filters [data-crud=quick-search] input, .ba-page:visible .stock-filters input[data-crud=quick-search]').first();
      await search.fill(d.milk.product_no);
      await search.press('Enter');
      const line = row(page, d.milk.product_no);
      await line.first().waitFor();
      const pagination = page.locator('.ba-page:visible .crud-table .arco-pagination');
      await pagination.waitFor();
      expect(await pagination.getAttribute('class')).toContain('arco-pagination-simple');
      const box = await pagination.boundingBox();
      expect(box!.height).toBeLessThanOrEqual(40);
      await withinScreen(pagination);
      const list = await rowDetail(line.first());
      expect(await detailValue(list, words.lot).innerText()).toBe(d.lot);
      expect(await detailValue(list, words.expiry).innerText()).toContain('2031-06-30');
      await withinScreen(detailValue(list, words.expiry));
      expect(await brokenWords(page.locator('.ba-page:visible .crud'))).toEqual([]);
    });

    await step("the site's today in the \"as of\" date picker", async () => {
      const picker = page.locator('.ba-page:visible [data-orders=stock-asof]');
      await picker.tap();
      const panel = page.locator('.arco-picker-container:visible');
      await panel.waitFor();
      const today = panel.locator('.arco-picker-cell-today');
      const siteDay = dayIn(SITE_ZONE);
      expect(await today.innerText()).toBe(String(Number(siteDay.slice(8))));
      await today.tap();
      await eventually(async () => expect(await picker.locator('input').inputValue()).toBe(siteDay));
      // the as-of view of that day lists the stock
      await row(page, d.milk.product_no).first().waitFor();
    });

    await step('the count review: the title clear of its close button, counted / variance / value one tap away', async () => {
      await goHash(page, `/admin/wms/stocktake?id=${d.stocktake.id}`);
      const sheet = page.locator('[data-stocktake=sheet]:visible .arco-drawer').first();
      await sheet.waitFor();
      await sheet.locator('[data-stocktake=review-open]').tap();
      const review = page.locator('.arco-modal:visible');
      await review.locator('[data-stocktake=gains]').waitFor();
      const title = await review.locator('.arco-modal-title').boundingBox();
      const close = await review.locator('.arco-modal-close-icon').boundingBox();
      expect(title!.x + title!.width).toBeLessThanOrEqual(close!.x);
      await withinScreen(review.locator('.arco-modal-title'));
      const line = review.locator('[data-stocktake=gains] .arco-table-tr').filter({ hasText: d.milk.name });
      const list = await rowDetail(line.first());
      expect(await detailValue(list, words.counted).innerText()).toBe('28');
      expect(await detailValue(list, words.variance).innerText()).toBe('+2');
      expect(await detailValue(list, words.value).innerText()).toMatch(/12\.00/);
      expect(await brokenWords(page.locator('.arco-modal:visible'))).toEqual([]);
      await review.locator('.arco-modal-close-icon').tap();
      await review.waitFor({ state: 'hidden' });
    });

    await step("an outbound order's detail: the allocations of a line one tap away", async () => {
      await goHash(page, '/admin/wms/outbound');
      await expectPath(page, '/admin/wms/outbound');
      await settled(page);
      await row(page, d.outbound.receipt_no).first().locator('[data-crud=row-view]').tap();
      const detail = page.locator('.arco-drawer:visible').filter({ has: page.locator('[data-orders=detail-lines]') });
      await detail.first().waitFor();
      const line = detail.first().locator('[data-orders=detail-lines] .arco-table-tr').filter({ hasText: d.milk.name });
      const list = await rowDetail(line.first());
      expect(await detailValue(list, words.allocations).innerText()).toContain(d.lot);
      expect(await brokenWords(page.locator('.arco-drawer:visible'))).toEqual([]);
      await page.keyboard.press('Escape');
      await detail.first().waitFor({ state: 'hidden' });
    });

    await step('the ledger verification page breaks no word', async () => {
      await goHash(page, '/admin/audit/ledger');
      await expectPath(page, '/admin/audit/ledger');
      await page.locator('[data-ledger=page]').waitFor();
      await settled(page);
      expect(await brokenWords(page.locator('[data-ledger=page]'))).toEqual([]);
    });

    expect(pageErrors).toEqual([]);
  });
}
