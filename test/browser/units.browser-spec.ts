/**
 * Units of measure on a phone (390 × 844), as a keyboard-wedge scanner types: on a new outbound order a
 * case's bar code adds a line in cases — the unit picker shows the case and the base quantity, a second
 * scan makes it 2 cases — and the server keeps 24 pieces entered as 2 cases; on "My tasks" the case's bar
 * code as the product counts one case, again two, and the confirm puts 24 pieces away. The server's stock
 * agrees. Screenshots: test-output/screenshots/units/.
 */
import type { Locator, Page } from 'playwright-core';
import { browserSpec, PHONE } from './support/browser';
import { adminApi } from './support/api';
import { eventually, expectPath, goHash, settled, signIn } from './support/admin';

const { test } = browserSpec('units', PHONE);

type Row = Record<string, any>;

async function warehouse(suffix: string) {
  const api = await adminApi();
  const warehouse = await api.add('Warehouse', { name: `单位仓 ${suffix}`, serial_no: `UW${suffix}` });
  const area = await api.add('WarehouseArea', { warehouse_id: warehouse.id, name: 'C区', serial_no: 'C' });
  const shelf = (serial: string, extra: object = {}) => api.add('Shelf', { warehouse_id: warehouse.id, warehouse_area_id: area.id, name: `${serial} 架`, serial_no: `${serial}-${suffix}`, ...extra });
  const dock = await shelf('DOCK', { kind: 1 });
  const s1 = await shelf('S1');
  const unit = await api.add('Unit', { name: `瓶 ${suffix}` });
  const tea = await api.add('Product', { product_no: `UTEA-${suffix}`, name: '乌龙茶', unit_id: unit.id, price: '5.00', warehouse_id: warehouse.id, warehouse_area_id: area.id, warehouse_shelf_id: s1.id });
  const kase = await api.add('ProductUnit', { product_id: tea.id, name: '箱', factor: 12, bar_code: `CS${suffix}` });
  const supplier = await api.add('Supplier', { name: `茶厂 ${suffix}` });
  const customer = await api.add('Customer', { name: `茶馆 ${suffix}` });
  // one on S1 (the putaway goes where the product already is), then 4 cases received on the dock
  const first = await api.add('Inbound', { supplier_id: supplier.id, type: 10, lines: [{ product_id: tea.id, plan_quantity: 1, actual_quantity: 1, price: '5.00', warehouse_shelf_id: s1.id }] });
  await api.post('wms.Inbound', 'audit', { id: first.id });
  const received = await api.add('Inbound', { supplier_id: supplier.id, type: 10, warehouse_id: warehouse.id, lines: [{ product_id: tea.id, unit_id: kase.id, unit_quantity: 4, price: '5.00' }] });
  await api.post('wms.Inbound', 'audit', { id: received.id });
  return { api, warehouse, dock, s1, unit, tea, kase, supplier, customer };
}

async function openIn(page: Page, lang: 'zh-cn' | 'en'): Promise<void> {
  await page.addInitScript((l) => (globalThis as any).localStorage.setItem('storeConfig_v2', JSON.stringify({ layoutMode: 'Default', theme: 'light', menuCollapse: true, lang: l })), lang);
}

/** A keyboard-wedge scanner: the code as keys ~5 ms apart, then Enter, to whatever has the focus. */
async function wedge(page: Page, code: string): Promise<void> {
  await page.keyboard.type(code, { delay: 5 });
  await page.keyboard.press('Enter');
}

const form = (page: Page): Locator => page.locator('[data-orders=order-form]:visible .arco-drawer');
const fitsPhone = (page: Page) => page.evaluate(() => (globalThis as any).document.documentElement.scrollWidth);

test('a case scanned on an order line and on My tasks counts a case of 12', async ({ page, step, shot, adminPassword, pageErrors }) => {
  const suffix = String(Date.now()).slice(-6);
  const d = await warehouse(suffix);
  const stockOn = async (shelfId: number) => (await d.api.get('wms.Stock', 'index', { warehouse_shelf_id: shelfId })).list.reduce((sum: number, r: Row) => sum + r.quantity, 0);
  expect(await stockOn(d.dock.id)).toBe(48);
  await openIn(page, 'zh-cn');
  await signIn(page, adminPassword);

  await step('a new outbound order: a case scanned adds a line in cases', async () => {
    await goHash(page, '/admin/wms/outbound');
    await expectPath(page, '/admin/wms/outbound');
    await settled(page);
    await page.locator('[data-crud=add]:visible').click();
    await form(page).waitFor();
    const party = form(page).locator('[data-orders=form-party]');
    await party.click();
    await party.locator('input').fill(d.customer.name);
    await page.locator('.arco-select-popup:visible .arco-select-option').filter({ hasText: d.customer.name }).first().click();
    await form(page).locator('[data-orders=scan] input').click();
    await wedge(page, `CS${suffix}`);
    await eventually(async () => expect(await form(page).locator('[data-orders=scan] [role=status]').innerText()).toBe('已添加第 1 行：乌龙茶 × 1 箱'));
    const unit = form(page).locator('[data-orders=line-unit]').first();
    await eventually(async () => expect(await unit.locator('.arco-select-view-value').innerText()).toBe('箱（×12）'));
    expect(await unit.locator('[data-orders=line-unit-base]').innerText()).toBe(`= 12 瓶 ${suffix}`);
  });

  await step('the same case again: 2 cases, 24 pieces; saved as 2 cases of 12', async () => {
    await wedge(page, `CS${suffix}`);
    await eventually(async () => expect(await form(page).locator('[data-orders=scan] [role=status]').innerText()).toBe('第 1 行 乌龙茶 数量 +1，现为 2 箱'));
    await eventually(async () => expect(await form(page).locator('[data-orders=line-unit-base]').first().innerText()).toBe(`= 24 瓶 ${suffix}`));
    expect(await fitsPhone(page)).toBeLessThanOrEqual(390);
    await shot('a line in cases');
    await form(page).locator('[data-orders=form-submit]').click();
    await form(page).waitFor({ state: 'hidden' });
    const list = await d.api.get('wms.Outbound', 'index', { customer_id: d.customer.id });
    const order = (await d.api.get('wms.Outbound', 'edit', { id: list.list[0].id })).row;
    expect(order.lines.map((l: Row) => [l.unit_id, l.unit_quantity, l.unit_name, l.factor, l.plan_quantity, l.actual_quantity])).toEqual([[d.kase.id, 2, '箱', 12, 24, 24]]);
  });

  await step('my tasks: the case scanned as the product counts one case, again two', async () => {
    await goHash(page, '/admin/wms/task');
    await expectPath(page, '/admin/wms/task');
    await settled(page);
    await eventually(async () => expect(await page.locator('[data-directed=task-type]:visible').innerText()).toContain('上架'));
    const field = page.locator('[data-directed=scan] input, input[data-directed=scan]').first();
    const quantity = page.locator('[data-directed=quantity] input:visible, input[data-directed=quantity]:visible').first();
    const scan = async (code: string) => {
      await field.fill(code);
      await field.press('Enter');
    };
    await scan(`DOCK-${suffix}`);
    await scan(`CS${suffix}`);
    await eventually(async () => expect(await page.locator('[data-directed=unit]:visible .arco-select-view-value').innerText()).toBe('箱（×12）'));
    expect(await quantity.inputValue()).toBe('1');
    await scan(`CS${suffix}`);
    await eventually(async () => expect(await quantity.inputValue()).toBe('2'));
    expect(await page.locator('[data-directed=unit-base]:visible').innerText()).toBe(`= 24 瓶 ${suffix}`);
    await scan(`S1-${suffix}`);
    expect(await fitsPhone(page)).toBeLessThanOrEqual(390);
    await shot('two cases on my tasks');
  });

  await step('confirmed: 24 pieces put away, 24 left on the dock', async () => {
    await page.locator('[data-directed=confirm]:visible').click();
    await eventually(async () => expect(await stockOn(d.s1.id)).toBe(25));
    expect(await stockOn(d.dock.id)).toBe(24);
    const moves = await d.api.get('wms.InventoryHistory', 'index', { form_type: 130, warehouse_shelf_id: d.s1.id });
    expect(moves.list.map((h: Row) => [h.quantity, h.unit_name, h.factor])).toEqual([[24, '箱', 12]]);
  });
  expect(pageErrors).toEqual([]);
});
