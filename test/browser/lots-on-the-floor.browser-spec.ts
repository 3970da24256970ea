/**
 * Lot-tracked stock as a warehouse worker meets it on a phone (390 × 844, touch): a GS1 scan on the inbound
 * form fills the lot, production date and expiry it carries, and a second lot adds a second line (Chinese);
 * an outbound line's hint counts the lot named or what first-expiry-first-out may take, never every lot of
 * the shelf, its lot field offers the shelf's lots with expiry and quantity, and the picking list of the
 * audited order prints the lots the audit took (English). Screenshots: test-output/screenshots/lots-on-the-floor/.
 */
import type { Locator, Page } from 'playwright-core';
import { readPdf, compact } from '../support/pdf';
import { adminApi } from './support/api';
import { eventually, expectPath, goHash, hoverUntil, settled, signIn } from './support/admin';
import { browserSpec, PHONE } from './support/browser';
import { serverInfo } from './support/server';

const { test } = browserSpec('lots-on-the-floor', PHONE);

/** An EAN-13 with a valid check digit, distinct per run. */
function ean(suffix: string, n: number): string {
  const body = `69${suffix.padStart(6, '0').slice(-6)}${String(n).padStart(4, '0')}`;
  const sum = [...body].reduce((total, digit, i) => total + Number(digit) * (i % 2 ? 3 : 1), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/** `YYYY-MM-DD` → GS1's `YYMMDD`. */
const gs1Date = (day: string) => day.slice(2).replace(/-/g, '');

async function warehouse(suffix: string) {
  const api = await adminApi();
  const warehouse = await api.add('Warehouse', { name: `批次仓 ${suffix}`, serial_no: `LW${suffix}` });
  const area = await api.add('WarehouseArea', { warehouse_id: warehouse.id, name: 'A区', serial_no: 'A' });
  const shelf = await api.add('Shelf', { warehouse_id: warehouse.id, warehouse_area_id: area.id, name: '冷藏架', serial_no: `LS-${suffix}` });
  const unit = await api.add('Unit', { name: `盒 ${suffix}` });
  const milk = await api.add('Product', {
    product_no: `MILK-${suffix}`,
    bar_code: ean(suffix, 1),
    name: `鲜牛奶 ${suffix}`,
    unit_id: unit.id,
    price: '6.00',
    lot_tracked: 1,
    warehouse_id: warehouse.id,
    warehouse_area_id: area.id,
    warehouse_shelf_id: shelf.id,
  });
  const supplier = await api.add('Supplier', { name: `牧场 ${suffix}` });
  const customer = await api.add('Customer', { name: `超市 ${suffix}` });
  return { api, warehouse, area, shelf, unit, milk, supplier, customer };
}

function form(page: Page): Locator {
  return page.locator('[data-orders=order-form]:visible .arco-drawer');
}

function cards(page: Page): Locator {
  return form(page).locator('[data-orders=line-editor] [data-orders=line-card]');
}

/** A keyboard-wedge scanner: the code as keys ~5 ms apart, then Enter, into the focused scan field. */
async function wedge(page: Page, code: string): Promise<void> {
  await page.keyboard.type(code, { delay: 5 });
  await page.keyboard.press('Enter');
}

async function scanned(page: Page, expected: string | RegExp): Promise<void> {
  await eventually(async () => expect(await form(page).locator('[data-orders=scan] [role=status]').innerText()).toMatch(expected));
}

async function openIn(page: Page, lang: 'zh-cn' | 'en'): Promise<void> {
  await page.addInitScript((l) => (globalThis as any).localStorage.setItem('storeConfig_v2', JSON.stringify({ layoutMode: 'Default', theme: 'light', menuCollapse: true, lang: l })), lang);
}

async function openForm(page: Page, path: string): Promise<void> {
  await goHash(page, path);
  await expectPath(page, path);
  await settled(page);
  await page.locator(`.ba-page[data-path="${path}"] [data-crud=add]`).click();
  await form(page).waitFor();
}

async function pickParty(page: Page, name: string): Promise<void> {
  const select = form(page).locator('[data-orders=form-party]');
  await select.click();
  await select.locator('input').fill(name);
  await page.locator('.arco-select-popup:visible .arco-select-option').filter({ hasText: name }).first().click();
  await eventually(async () => expect(await page.locator('.arco-select-popup:visible').count()).toBe(0));
}

/** What a line card's lot, production date and expiry fields show. */
async function lotFields(card: Locator): Promise<[string, string, string]> {
  return [
    await card.locator('[data-lots=lot-input]').inputValue(),
    await card.locator('[data-lots=production-date] input').inputValue(),
    await card.locator('[data-lots=expiry-date] input').inputValue(),
  ];
}

test('receiving with a GS1 scan: lot, production date and expiry filled; another lot is another line', async ({ page, step, adminPassword, pageErrors }) => {
  const suffix = String(Date.now()).slice(-6);
  const d = await warehouse(suffix);
  const gs1 = (lot: string, production: string, expiry: string) => `(01)0${d.milk.bar_code}(11)${gs1Date(production)}(17)${gs1Date(expiry)}(10)${lot}`;
  await openIn(page, 'zh-cn');
  await signIn(page, adminPassword);

  await step('the inbound form on a phone, the focus in the scan field', async () => {
    await openForm(page, '/admin/wms/inbound');
    await pickParty(page, d.supplier.name);
    await form(page).locator('[data-orders=scan] input').click();
  });

  await step('a GS1 code fills the lot and its dates', async () => {
    await wedge(page, gs1(`A${suffix}`, '2030-01-02', '2030-07-02'));
    await scanned(page, `鲜牛奶 ${suffix}`);
    await eventually(async () => expect(await lotFields(cards(page).first())).toEqual([`A${suffix}`, '2030-01-02', '2030-07-02']));
  });

  await step('the same lot again adds 1; another lot adds a second line', async () => {
    await wedge(page, gs1(`A${suffix}`, '2030-01-02', '2030-07-02'));
    await eventually(async () => expect(await cards(page).first().locator('[data-orders=line-plan_quantity] input').inputValue()).toBe('2'));
    await wedge(page, gs1(`B${suffix}`, '2030-03-04', '2030-09-04'));
    await eventually(async () => expect(await cards(page).count()).toBe(2));
    expect(await lotFields(cards(page).nth(1))).toEqual([`B${suffix}`, '2030-03-04', '2030-09-04']);
    expect(await cards(page).nth(1).locator('[data-orders=line-plan_quantity] input').inputValue()).toBe('1');
  });

  await step('saved: the order holds both lots with their dates', async () => {
    await form(page).locator('[data-orders=form-submit]').click();
    await form(page).waitFor({ state: 'hidden' });
    const { list } = await d.api.get('wms.Inbound', 'index', { quick_search: '', limit: 5, order: 'id,desc' });
    const saved = await d.api.get('wms.Inbound', 'edit', { id: list[0].id });
    expect(saved.row.lines.map((l: Record<string, unknown>) => [l.product_id, l.lot_no, l.production_date, l.expiry_date, l.plan_quantity])).toEqual([
      [d.milk.id, `A${suffix}`, '2030-01-02', '2030-07-02', 2],
      [d.milk.id, `B${suffix}`, '2030-03-04', '2030-09-04', 1],
    ]);
  });
  expect(pageErrors).toEqual([]);
});

test('an outbound of a lot-tracked product: hints count the lot, the lot field offers the shelf lots, the picking list prints them', async ({ page, step, adminPassword, pageErrors }) => {
  const suffix = String(Date.now()).slice(-6);
  const d = await warehouse(suffix);
  // 34 on the shelf in two lots
  const receipt = await d.api.add('Inbound', {
    supplier_id: d.supplier.id,
    type: 10,
    lines: [
      { product_id: d.milk.id, warehouse_shelf_id: d.shelf.id, plan_quantity: 10, actual_quantity: 10, price: '6.00', lot_no: `S${suffix}`, expiry_date: '2030-05-01' },
      { product_id: d.milk.id, warehouse_shelf_id: d.shelf.id, plan_quantity: 24, actual_quantity: 24, price: '6.00', lot_no: `L${suffix}`, expiry_date: '2031-05-01' },
    ],
  });
  await d.api.post('wms.Inbound', 'audit', { id: receipt.id });
  await openIn(page, 'en');
  await signIn(page, adminPassword);
  const card = () => cards(page).first();
  const quantity = () => card().locator('[data-orders=line-plan_quantity] input');
  const warning = () => card().locator('[data-orders=line-warning]');

  await step('a scanned product on its shelf, 30 of 34: no warning', async () => {
    await openForm(page, '/admin/wms/outbound');
    await pickParty(page, d.customer.name);
    await form(page).locator('[data-orders=scan] input').click();
    await wedge(page, d.milk.bar_code);
    await scanned(page, `鲜牛奶 ${suffix}`);
    await card().locator('[data-lots=lot-select]').waitFor();
    await quantity().fill('30');
    await quantity().press('Tab');
    await eventually(async () => expect(await card().locator('[data-orders=line-actual_quantity] input').inputValue()).toBe('30'));
    // the hints have read the shelf's lots: 34 on it
    await eventually(async () => expect(await card().locator('[data-orders=line-shelf-warehouse]').innerText()).toContain('34'));
    expect(await warning().count()).toBe(0);
    // no spinner over the quantities on a touch screen
    expect(await card().locator('.arco-input-number-step-layer').count()).toBe(0);
  });

  await step('35 is more than first-expiry-first-out may take', async () => {
    await quantity().fill('35');
    await quantity().press('Tab');
    await eventually(async () => expect(await warning().innerText()).toBe('Only 34 here in lots not expired: the audit would fail'));
  });

  await step('the lot field offers the shelf lots with expiry and quantity, first expiry first', async () => {
    await card().locator('[data-lots=lot-select]').click();
    const options = page.locator('.arco-select-popup:visible [data-lots=lot-option]');
    await eventually(async () => expect(await options.count()).toBe(2));
    expect((await options.allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim())).toEqual([
      `S${suffix} exp. 2030-05-01 · 10 on the shelf`,
      `L${suffix} exp. 2031-05-01 · 24 on the shelf`,
    ]);
  });

  await step('a lot named: the hint counts that lot only', async () => {
    await page.locator('.arco-select-popup:visible [data-lots=lot-option]').filter({ hasText: `S${suffix}` }).click();
    await eventually(async () => expect(await warning().innerText()).toBe(`Only 10 of lot S${suffix} here: the audit would fail`));
    // back to first-expiry-first-out for the order: clear the lot, 12 (10 of S, 2 of L)
    const clear = card().locator('[data-lots=lot-select] .arco-select-clear-icon');
    await hoverUntil(card().locator('[data-lots=lot-select]'), clear);
    await clear.click();
    await eventually(async () => expect(await card().locator('[data-lots=lot-select] .arco-select-view-value').innerText()).not.toContain(`S${suffix}`));
    await quantity().fill('12');
    await quantity().press('Tab');
    await eventually(async () => expect(await warning().count()).toBe(0));
  });

  await step('saved and audited: the picking list prints the lots the audit took', async () => {
    await form(page).locator('[data-orders=form-submit]').click();
    await form(page).waitFor({ state: 'hidden' });
    const { list } = await d.api.get('wms.Outbound', 'index', { limit: 5, order: 'id,desc' });
    const audited = await d.api.post('wms.Outbound', 'audit', { id: list[0].id });
    expect(audited.lines[0].allocations).toEqual([
      { lot_no: `S${suffix}`, quantity: 10 },
      { lot_no: `L${suffix}`, quantity: 2 },
    ]);
    const res = await fetch(`${serverInfo().baseUrl}/admin/wms.Outbound/print?id=${list[0].id}&format=pdf&doc=picking&batoken=${d.api.token}&server=1&lang=en`, { headers: { server: '1' } });
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const text = compact((await readPdf(Buffer.from(await res.arrayBuffer()))).text);
    for (const a of audited.lines[0].allocations) expect(text).toContain(compact(`${a.lot_no} ×${a.quantity} exp. ${a.lot_no.startsWith('S') ? '2030-05-01' : '2031-05-01'}`));
  });
  expect(pageErrors).toEqual([]);
});
