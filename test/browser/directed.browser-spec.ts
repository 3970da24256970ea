/**
 * Directed picking on a phone (390 × 844): three outbound orders of a warehouse with a staging shelf come
 * from the API; in the pages — the wave list, the wave built from the three orders in the builder, its
 * detail, release (the tasks in pick-path order); then "My tasks": every task picked by typing the scans a
 * keyboard-wedge scanner would send (shelf, product, Enter), one closed short; the wave is picked and the
 * server's stock agrees. Then "My tasks" in English on the dark theme. Screenshots:
 * test-output/screenshots/directed/.
 */
import type { Page } from 'playwright-core';
import { browserSpec, PHONE } from './support/browser';
import { adminApi } from './support/api';
import { eventually, expectPath, goHash, settled, signIn } from './support/admin';

const { test } = browserSpec('directed', PHONE);

async function warehouse(suffix: string) {
  const api = await adminApi();
  const warehouse = await api.add('Warehouse', { name: `拣货仓 ${suffix}`, serial_no: `DW${suffix}` });
  const area = await api.add('WarehouseArea', { warehouse_id: warehouse.id, name: 'A区', serial_no: 'A' });
  const shelf = (serial: string, kind = 0) => api.add('Shelf', { warehouse_id: warehouse.id, warehouse_area_id: area.id, name: `${serial} 架`, serial_no: `${serial}-${suffix}`, kind });
  const s1 = await shelf('S1');
  const s2 = await shelf('S2');
  const staging = await shelf('ST', 2);
  const unit = await api.add('Unit', { name: `件 ${suffix}` });
  const rice = await api.add('Product', { product_no: `RICE-${suffix}`, name: '东北大米', unit_id: unit.id, price: '60.00' });
  const oil = await api.add('Product', { product_no: `OIL-${suffix}`, name: '花生油', unit_id: unit.id, price: '85.50' });
  const supplier = await api.add('Supplier', { name: `供应商 ${suffix}` });
  const customer = await api.add('Customer', { name: `客户 ${suffix}` });
  const inbound = await api.add('Inbound', {
    supplier_id: supplier.id,
    type: 10,
    lines: [
      { product_id: rice.id, warehouse_shelf_id: s2.id, plan_quantity: 10, actual_quantity: 10, price: '60.00' },
      { product_id: oil.id, warehouse_shelf_id: s1.id, plan_quantity: 10, actual_quantity: 10, price: '85.50' },
    ],
  });
  await api.post('wms.Inbound', 'audit', { id: inbound.id });
  const order = (lines: Array<[number, number]>) =>
    api.add('Outbound', { customer_id: customer.id, type: 10, warehouse_id: warehouse.id, lines: lines.map(([product_id, quantity]) => ({ product_id, plan_quantity: quantity, actual_quantity: quantity, price: '1.00' })) });
  const orders = [await order([[rice.id, 2], [oil.id, 1]]), await order([[rice.id, 3]]), await order([[oil.id, 2]])];
  return { api, warehouse, s1, s2, staging, rice, oil, orders };
}

async function openIn(page: Page, lang: 'zh-cn' | 'en', theme: 'light' | 'dark'): Promise<void> {
  await page.addInitScript(
    ([l, th]) => (globalThis as any).localStorage.setItem('storeConfig_v2', JSON.stringify({ layoutMode: 'Default', theme: th, menuCollapse: true, lang: l })),
    [lang, theme],
  );
}

async function scan(page: Page, code: string): Promise<void> {
  const field = page.locator('[data-directed=scan] input, input[data-directed=scan]').first();
  await field.fill(code);
  await field.press('Enter');
}

test('a wave of three orders built, released and picked by typed scans on a phone, one task short', async ({ page, step, adminPassword, pageErrors }) => {
  const suffix = String(Date.now()).slice(-6);
  const d = await warehouse(suffix);
  await openIn(page, 'zh-cn', 'light');
  await signIn(page, adminPassword);

  await step('the wave list fits the phone', async () => {
    await goHash(page, '/admin/wms/wave');
    await expectPath(page, '/admin/wms/wave');
    await settled(page);
    await page.locator('[data-crud=add]:visible').waitFor();
    expect(await page.evaluate(() => (globalThis as any).document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  await step('the builder: the warehouse, then its three orders', async () => {
    await page.locator('[data-crud=add]:visible').click();
    const form = page.locator('.arco-drawer:visible').last();
    const warehouseSelect = form.locator('.arco-form-item').nth(0).locator('.arco-select');
    await warehouseSelect.click();
    await warehouseSelect.locator('input').fill(`DW${suffix}`);
    await page.locator('.arco-select-option:visible').filter({ hasText: `DW${suffix}` }).first().click();
    const ordersSelect = form.locator('.arco-form-item').nth(1).locator('.arco-select');
    for (const order of d.orders) {
      await ordersSelect.click();
      await page.locator('.arco-select-option:visible').filter({ hasText: order.outbound_no }).first().click();
    }
    await page.keyboard.press('Escape');
    await page.locator('[data-crud=form-submit]:visible').click();
    await eventually(async () => expect(await page.locator('[data-directed=open-wave]:visible').count()).toBeGreaterThan(0));
  });

  await step('the detail: release into tasks in pick-path order', async () => {
    await page.locator('[data-directed=open-wave]:visible').first().click();
    await page.locator('[data-directed=release]:visible').click();
    await eventually(async () => expect(await page.locator('[data-directed=wave-tasks] tbody tr:visible').count()).toBe(2));
    const texts = await page.locator('[data-directed=wave-tasks] tbody tr:visible').allInnerTexts();
    expect(texts[0]).toContain(`OIL-${suffix}`);
    expect(texts[1]).toContain(`RICE-${suffix}`);
  });

  await step('my tasks: the first task, shelf and product shown large', async () => {
    await goHash(page, '/admin/wms/task');
    await settled(page);
    await eventually(async () => expect(await page.locator('[data-directed=shelf]:visible').innerText()).toContain(`S1-${suffix}`));
    expect(await page.locator('[data-directed=product]:visible').innerText()).toContain(`OIL-${suffix}`);
    expect(await page.evaluate(() => (globalThis as any).document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  await step('a wrong shelf is refused by the server, then the right scans confirm all 3', async () => {
    await scan(page, `S2-${suffix}`);
    await scan(page, `OIL-${suffix}`);
    await page.locator('[data-directed=confirm]:visible').click();
    await eventually(async () => expect(await page.locator('[data-directed=error]:visible').innerText()).toContain('扫描的货架不是该任务的货架'));
    await scan(page, `S1-${suffix}`);
    await scan(page, `OIL-${suffix}`);
    await page.locator('[data-directed=confirm]:visible').click();
    await eventually(async () => expect(await page.locator('[data-directed=product]:visible').innerText()).toContain(`RICE-${suffix}`));
  });

  await step('the second task closed short: 4 of 5 found', async () => {
    await scan(page, `S2-${suffix}`);
    await scan(page, `RICE-${suffix}`);
    await scan(page, '4');
    await page.locator('[data-directed=short]:visible').click();
    await eventually(async () => expect(await page.locator('[data-directed=idle]:visible').innerText()).toContain('没有待处理的任务'));
  });

  await step('the server agrees: the wave is picked, 7 on the staging shelf', async () => {
    const waves = await d.api.get('wms.Wave', 'index', { quickSearch: '' });
    const wave = waves.list.find((w: any) => w.warehouse_id === d.warehouse.id);
    const detail = await d.api.get('wms.Wave', 'edit', { id: wave.id });
    expect(detail.row.status).toBe(2);
    const stock = await d.api.get('wms.Stock', 'index', { warehouse_shelf_id: d.staging.id });
    expect(stock.list.reduce((sum: number, r: any) => sum + r.quantity, 0)).toBe(7);
  });
  expect(pageErrors).toEqual([]);
});

test('my tasks in English on the dark theme', async ({ page, step, adminPassword, pageErrors }) => {
  await openIn(page, 'en', 'dark');
  await signIn(page, adminPassword);
  await step('no open task', async () => {
    await goHash(page, '/admin/wms/task');
    await settled(page);
    await eventually(async () => expect(await page.locator('[data-directed=idle]:visible').innerText()).toContain('No open task'));
  });
  expect(pageErrors).toEqual([]);
});
