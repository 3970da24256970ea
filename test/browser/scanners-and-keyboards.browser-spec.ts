/**
 * Scanners and keyboards on a phone (390 × 844, touch): a shelf counted with a scanner only (English) — the
 * keyboard stays in the scan field after a shelf or product scan and comes back to it after "quantity ⏎",
 * each scan of a product counts one more on its line, the review counts units; Escape on a drawer with unsaved lines asks before
 * discarding them (Chinese), and closes an untouched one at once.
 * Screenshots: test-output/screenshots/scanners-and-keyboards/.
 */
import type { Locator, Page } from 'playwright-core';
import { adminApi } from './support/api';
import { eventually, expectPath, goHash, settled, signIn } from './support/admin';
import { browserSpec, PHONE } from './support/browser';

const { test } = browserSpec('scanners-and-keyboards', PHONE);

/** An EAN-13 with a valid check digit, distinct per run. */
function ean(suffix: string, n: number): string {
  const body = `68${suffix.padStart(6, '0').slice(-6)}${String(n).padStart(4, '0')}`;
  const sum = [...body].reduce((total, digit, i) => total + Number(digit) * (i % 2 ? 3 : 1), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

async function warehouse(suffix: string) {
  const api = await adminApi();
  const warehouse = await api.add('Warehouse', { name: `扫描仓 ${suffix}`, serial_no: `KW${suffix}` });
  const area = await api.add('WarehouseArea', { warehouse_id: warehouse.id, name: 'A区', serial_no: 'A' });
  const shelf = await api.add('Shelf', { warehouse_id: warehouse.id, warehouse_area_id: area.id, name: '扫描架', serial_no: `K1-${suffix}` });
  const unit = await api.add('Unit', { name: `罐 ${suffix}` });
  const tea = await api.add('Product', { product_no: `TEA-${suffix}`, bar_code: ean(suffix, 1), name: `Green tea ${suffix}`, unit_id: unit.id, price: '12.00', warehouse_id: warehouse.id, warehouse_area_id: area.id, warehouse_shelf_id: shelf.id });
  const cup = await api.add('Product', { product_no: `CUP-${suffix}`, bar_code: ean(suffix, 2), name: `Tea cup ${suffix}`, unit_id: unit.id, price: '4.00' });
  const supplier = await api.add('Supplier', { name: `Supplier ${suffix}` });
  const customer = await api.add('Customer', { name: `Customer ${suffix}` });
  const inbound = await api.add('Inbound', {
    supplier_id: supplier.id,
    type: 10,
    lines: [
      { product_id: tea.id, warehouse_shelf_id: shelf.id, plan_quantity: 5, actual_quantity: 5, price: '12.00' },
      { product_id: cup.id, warehouse_shelf_id: shelf.id, plan_quantity: 3, actual_quantity: 3, price: '4.00' },
    ],
  });
  await api.post('wms.Inbound', 'audit', { id: inbound.id });
  return { api, warehouse, area, shelf, tea, cup, customer };
}

async function openIn(page: Page, lang: 'zh-cn' | 'en'): Promise<void> {
  await page.addInitScript((l) => (globalThis as any).localStorage.setItem('storeConfig_v2', JSON.stringify({ layoutMode: 'Default', theme: 'light', menuCollapse: true, lang: l })), lang);
}

/** A keyboard-wedge scanner: the code as keys ~5 ms apart, then Enter, to whatever has the focus. */
async function wedge(page: Page, code: string): Promise<void> {
  await page.keyboard.type(code, { delay: 5 });
  await page.keyboard.press('Enter');
}

const focusInScanField = (page: Page) =>
  page.evaluate(() => {
    const active = (globalThis as any).document.activeElement as { tagName?: string; closest?: (s: string) => unknown } | null;
    return active?.tagName === 'INPUT' && !!active.closest?.('[data-orders=scan]');
  });

const sheet = (page: Page): Locator => page.locator('[data-stocktake=sheet]:visible .arco-drawer').first();

test('a shelf counted with a scanner only: the keyboard stays in the scan field, each scan counts one', async ({ page, step, adminPassword, pageErrors }) => {
  const suffix = String(Date.now()).slice(-6);
  const d = await warehouse(suffix);
  const count = await d.api.add('Stocktake', { warehouse_id: d.warehouse.id, warehouse_shelf_id: d.shelf.id, remark: `scanner ${suffix}` });
  await d.api.post('wms.Stocktake', 'start', { id: count.id });
  await openIn(page, 'en');
  await signIn(page, adminPassword);
  const line = (name: string) => sheet(page).locator('[data-stocktake=line]').filter({ hasText: name });
  const counted = (name: string) => line(name).locator('[data-stocktake=count-input]').inputValue();

  await step('the count sheet opens with the keyboard in the scan field', async () => {
    await goHash(page, '/admin/wms/stocktake');
    await expectPath(page, '/admin/wms/stocktake');
    await settled(page);
    await page.locator('.arco-table-tr').filter({ hasText: `scanner ${suffix}` }).first().locator('[data-stocktake=open-number]').click();
    await sheet(page).waitFor();
    await eventually(async () => expect(await sheet(page).locator('[data-stocktake=line]').count()).toBe(2));
    await eventually(async () => expect(await focusInScanField(page)).toBe(true));
  });

  await step('shelf, then tea three times and the cup twice: counted 3 and 2, never typed into a quantity', async () => {
    await wedge(page, d.shelf.serial_no);
    await eventually(async () => expect(await sheet(page).locator('[data-orders=scan-shelf]').innerText()).toContain('扫描架'));
    expect(await focusInScanField(page)).toBe(true);
    for (let i = 0; i < 3; i++) await wedge(page, d.tea.bar_code);
    for (let i = 0; i < 2; i++) await wedge(page, d.cup.bar_code);
    await eventually(async () => expect([await counted(`Green tea ${suffix}`), await counted(`Tea cup ${suffix}`)]).toEqual(['3', '2']));
    await eventually(async () => expect(await sheet(page).locator('[data-orders=scan] [role=status]').innerText()).toContain(`Tea cup ${suffix} counted 2`));
    expect(await focusInScanField(page)).toBe(true);
    expect(await sheet(page).locator('[data-stocktake=progress]').innerText()).toContain('2 of 2 lines counted');
  });

  await step('"quantity ⏎" on the current line, then the keyboard is back in the scan field and a scan adds 1', async () => {
    await page.keyboard.press('Tab');
    await eventually(async () => expect(await line(`Tea cup ${suffix}`).locator('input').evaluate((el) => el === (globalThis as any).document.activeElement)).toBe(true));
    await page.keyboard.type('5');
    await page.keyboard.press('Enter');
    await eventually(async () => expect(await focusInScanField(page)).toBe(true));
    await wedge(page, d.cup.bar_code);
    await eventually(async () => expect(await counted(`Tea cup ${suffix}`)).toBe('6'));
    expect(await focusInScanField(page)).toBe(true);
    const saved = await d.api.get('wms.Stocktake', 'edit', { id: count.id });
    expect(Object.fromEntries(saved.row.lines.map((l: Record<string, any>) => [l.product_id, l.counted_quantity]))).toEqual({ [d.tea.id]: 3, [d.cup.id]: 6 });
  });

  await step('the review says what its figures count: units, then value', async () => {
    await sheet(page).locator('[data-stocktake=review-open]').click();
    const totals = page.locator('.arco-modal:visible [data-stocktake=review-totals]');
    await totals.waitFor();
    // tea 3 of 5 (−2 × 12.00), cup 6 of 3 (+3 × 4.00)
    await eventually(async () => expect((await totals.innerText()).replace(/\s+/g, ' ')).toMatch(/Gains 3 units · 12\.00.*Losses 2 units · 24\.00/));
    // its title stays clear of its close button
    const title = await page.locator('.arco-modal:visible .arco-modal-title').boundingBox();
    const close = await page.locator('.arco-modal:visible .arco-modal-close-icon').boundingBox();
    expect(title!.x + title!.width <= close!.x || title!.y >= close!.y + close!.height).toBe(true);
  });
  expect(pageErrors).toEqual([]);
});

test('Escape on a drawer with unsaved lines asks first; an untouched drawer closes at once', async ({ page, step, adminPassword, pageErrors }) => {
  const suffix = String(Date.now()).slice(-6);
  const d = await warehouse(suffix);
  await openIn(page, 'zh-cn');
  await signIn(page, adminPassword);
  const form = () => page.locator('[data-orders=order-form]:visible .arco-drawer');
  const confirm = () => page.locator('.arco-modal:visible').filter({ hasText: '放弃已输入的内容？' });

  await step('an untouched outbound form closes on Escape', async () => {
    await goHash(page, '/admin/wms/outbound');
    await expectPath(page, '/admin/wms/outbound');
    await settled(page);
    await page.locator('.ba-page[data-path="/admin/wms/outbound"] [data-crud=add]').click();
    await form().waitFor();
    await page.keyboard.press('Escape');
    await form().waitFor({ state: 'hidden' });
  });

  await step('a line scanned in, Escape in the quantity: asked, keep editing keeps the line', async () => {
    await page.locator('.ba-page[data-path="/admin/wms/outbound"] [data-crud=add]').click();
    await form().waitFor();
    await form().locator('[data-orders=scan] input').click();
    await wedge(page, d.tea.bar_code);
    await eventually(async () => expect(await form().locator('[data-orders=line-card] [data-orders=line-plan_quantity] input').inputValue()).toBe('1'));
    await form().locator('[data-orders=line-card] [data-orders=line-plan_quantity] input').click();
    await page.keyboard.press('Escape');
    await confirm().waitFor();
    await confirm().locator('button').filter({ hasText: '继续编辑' }).click();
    await confirm().waitFor({ state: 'hidden' });
    expect(await form().isVisible()).toBe(true);
    expect(await form().locator('[data-orders=line-card] [data-orders=line-plan_quantity] input').inputValue()).toBe('1');
  });

  await step('Escape again and discard: the drawer closes, nothing saved', async () => {
    await form().locator('[data-orders=line-card] [data-orders=line-plan_quantity] input').click();
    await page.keyboard.press('Escape');
    await confirm().waitFor();
    await confirm().locator('button').filter({ hasText: '放弃' }).click();
    await form().waitFor({ state: 'hidden' });
    const { list } = await d.api.get('wms.Outbound', 'index', { limit: 100 });
    expect(list.filter((o: Record<string, any>) => o.customer_id === d.customer.id)).toEqual([]);
  });
  expect(pageErrors).toEqual([]);
});
