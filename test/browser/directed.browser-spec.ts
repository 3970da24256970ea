/**
 * Directed picking on a phone (390 × 844): three outbound orders of a warehouse with a staging shelf come
 * from the API; in the pages — the wave list, the wave built from the three orders in the builder, its
 * detail, release (the tasks in pick-path order) and its pick sheet PDF; then "My tasks": every task picked
 * by typing the scans a keyboard-wedge scanner would send (shelf, product, Enter), one closed short; the wave is picked and the
 * server's stock agrees. Then the pack station: the first order (fully picked) packed into two cartons by typed
 * scans, each closed (one weighed), a carton's label printed (a new tab with the PDF whose GS1-128 zbar reads
 * back as the carton's SSCC), and the packed order shipped in the outbound list's ship dialog. Then "My tasks"
 * and the pack station in English on the dark theme. Screenshots: test-output/screenshots/directed/.
 */
import type { Page } from 'playwright-core';
import { browserSpec, PHONE } from './support/browser';
import { adminApi } from './support/api';
import { eventually, expectPath, goHash, rows, settled, signIn } from './support/admin';
import { rasterisePdf, zbarSymbols } from '../support/barcodes';

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
  const customer = await api.add('Customer', { name: `客户 ${suffix}`, city: '上海', address: '浦东新区 1 号' });
  const carrier = await api.add('Carrier', { name: `顺丰 ${suffix}` });
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
  return { api, warehouse, s1, s2, staging, rice, oil, orders, carrier };
}

async function openIn(page: Page, lang: 'zh-cn' | 'en', theme: 'light' | 'dark'): Promise<void> {
  await page.addInitScript(
    ([l, th]) => (globalThis as any).localStorage.setItem('storeConfig_v2', JSON.stringify({ layoutMode: 'Default', theme: th, menuCollapse: true, lang: l })),
    [lang, theme],
  );
}

async function scan(page: Page, code: string, field = 'directed'): Promise<void> {
  const input = page.locator(`[data-${field}=scan] input, input[data-${field}=scan]`).first();
  await input.fill(code);
  await input.press('Enter');
}

/** What the pack station's scan field holds the focus for (a keyboard-wedge scanner types into it). */
async function scanFieldFocused(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const active = (globalThis as any).document.activeElement;
    return !!active && (active.matches('input[data-pack=scan]') || !!active.closest('[data-pack=scan]'));
  });
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
    // the released wave prints its pick sheet: a new tab with the PDF
    const [tab] = await Promise.all([page.context().waitForEvent('page'), page.locator('[data-directed=print]:visible').click()]);
    const url = tab.url() === 'about:blank' ? await tab.waitForURL(/print/).then(() => tab.url()) : tab.url();
    expect(url).toMatch(/\/admin\/wms\.Wave\/print\?id=\d+&format=pdf/);
    expect((await fetch(url)).headers.get('content-type')).toBe('application/pdf');
    await tab.close();
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

  const first = d.orders[0];
  await step('the pack station: the orders waiting, the first one scanned by its number', async () => {
    await goHash(page, '/admin/wms/package');
    await expectPath(page, '/admin/wms/package');
    await settled(page);
    await page.locator(`[data-pack=order][data-number="${first.outbound_no}"]`).waitFor();
    await eventually(async () => expect(await scanFieldFocused(page)).toBe(true));
    await scan(page, first.outbound_no, 'pack');
    await eventually(async () => expect(await page.locator('[data-pack=order-card]').innerText()).toContain(first.outbound_no));
    const lines = await page.locator('[data-pack=lines] tbody tr').allInnerTexts();
    expect(lines.join('\n')).toContain(`RICE-${suffix}`);
    expect(await page.evaluate(() => (globalThis as any).document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  await step('carton 1: two rice scanned in, the focus back in the scan field after each; oil refused nowhere, rice a third time refused', async () => {
    await page.locator('[data-pack=add-carton]').click();
    await page.locator('[data-pack=current]').waitFor();
    await eventually(async () => expect(await scanFieldFocused(page)).toBe(true));
    await scan(page, `RICE-${suffix}`, 'pack');
    await eventually(async () => expect(await page.locator('[data-pack=current]').innerText()).toContain(`RICE-${suffix} ×1`));
    await eventually(async () => expect(await scanFieldFocused(page)).toBe(true));
    await page.keyboard.type(`RICE-${suffix}`);
    await page.keyboard.press('Enter');
    await eventually(async () => expect(await page.locator('[data-pack=current]').innerText()).toContain(`RICE-${suffix} ×2`));
    await scan(page, `RICE-${suffix}`, 'pack');
    await eventually(async () => expect(await page.locator('[data-pack=error]').innerText()).toContain('已拣未装的数量只有 0'));
    await page.locator('input[data-pack=weight], [data-pack=weight] input').first().fill('10.5');
    await page.locator('[data-pack=close]').click();
    await eventually(async () => expect(await page.locator('[data-pack=current]').count()).toBe(0));
  });

  await step('carton 2: the oil, closed; the order is packed', async () => {
    await page.locator('[data-pack=add-carton]').click();
    await page.locator('[data-pack=current]').waitFor();
    await scan(page, `OIL-${suffix}`, 'pack');
    await eventually(async () => expect(await page.locator('[data-pack=current]').innerText()).toContain(`OIL-${suffix} ×1`));
    await page.locator('[data-pack=close]').click();
    await page.locator('[data-pack=packed]').waitFor();
    const cartons = await page.locator('[data-pack=package]').allInnerTexts();
    expect(cartons).toHaveLength(2);
    expect(cartons[0]).toContain('第 1 箱，共 2 箱');
    expect(cartons[0]).toContain('10.50 kg');
    expect(cartons[1]).toContain('第 2 箱，共 2 箱');
    expect(await page.locator('[data-pack=order-card]').innerText()).toContain('已打包');
    expect(await page.evaluate(() => (globalThis as any).document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  await step('the first carton\'s label: a new tab with the PDF; its GS1-128 reads back as the carton\'s SSCC', async () => {
    const carton = page.locator('[data-pack=package]').first();
    const sscc = await carton.getAttribute('data-sscc');
    expect(sscc).toMatch(/^\d{18}$/);
    const [tab] = await Promise.all([page.context().waitForEvent('page'), carton.locator('[data-pack=label]').click()]);
    const url = tab.url() === 'about:blank' ? await tab.waitForURL(/label/).then(() => tab.url()) : tab.url();
    expect(url).toContain('/admin/wms.Package/label?id=');
    expect(url).toContain('format=pdf');
    const res = await fetch(url);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const [png] = await rasterisePdf(Buffer.from(await res.arrayBuffer()), 300);
    const symbols = await zbarSymbols(png);
    expect(symbols.filter((s) => s.type === 'CODE-128').map((s) => s.value.replace(/^\]C1/, ''))).toEqual([`00${sscc}`]);
    await tab.close();
  });

  await step('ship the packed order in the outbound list\'s ship dialog', async () => {
    await goHash(page, '/admin/wms/outbound');
    await settled(page);
    const row = rows(page).filter({ hasText: first.outbound_no });
    await row.locator('[data-crud=row-ship]').click();
    const dialog = page.locator('.arco-modal:visible');
    await dialog.waitFor();
    const carrier = dialog.locator('[data-orders=ship-carrier]');
    await carrier.click();
    await carrier.locator('input').fill(d.carrier.name);
    await page.locator('.arco-select-popup:visible .arco-select-option').filter({ hasText: d.carrier.name }).first().click();
    await dialog.locator('input[data-orders=ship-courier]').fill(`SF${suffix}`);
    await dialog.locator('.arco-modal-footer .arco-btn-primary').click();
    await dialog.waitFor({ state: 'hidden' });
    await eventually(async () => expect((await d.api.get('wms.Outbound', 'edit', { id: first.id })).row).toMatchObject({ fulfilment_status: 5, shipment_status: 1 }));
    const shipped = (await d.api.get('wms.Outbound', 'edit', { id: first.id })).row;
    expect(shipped.packages.map((p: any) => [p.status, p.number, p.count])).toEqual([
      [1, 1, 2],
      [1, 2, 2],
    ]);
  });

  await step('the shipped order\'s detail lists its two cartons with their SSCCs', async () => {
    await rows(page).filter({ hasText: first.outbound_no }).locator('[data-orders=number-link]').click();
    const packages = page.locator('[data-orders=detail-packages]:visible');
    await eventually(async () => expect(await packages.locator('tbody tr').count()).toBe(2));
    const texts = await packages.locator('tbody tr').allInnerTexts();
    expect(texts[0]).toContain('第 1 箱，共 2 箱');
    expect(texts[0]).toMatch(/00614141\d{10}/);
    expect(texts[1]).toContain(`OIL-${suffix} ×1`);
  });
  expect(pageErrors).toEqual([]);
});

test('my tasks and the pack station in English on the dark theme', async ({ page, step, adminPassword, pageErrors }) => {
  await openIn(page, 'en', 'dark');
  await signIn(page, adminPassword);
  await step('no open task', async () => {
    await goHash(page, '/admin/wms/task');
    await settled(page);
    await eventually(async () => expect(await page.locator('[data-directed=idle]:visible').innerText()).toContain('No open task'));
  });
  await step('the pack station in English on the dark theme', async () => {
    await goHash(page, '/admin/wms/package');
    await settled(page);
    await eventually(async () => expect(await page.locator('[data-pack=waiting]').innerText()).toContain('Orders to pack'));
    expect(await page.evaluate(() => (globalThis as any).document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
  expect(pageErrors).toEqual([]);
});
