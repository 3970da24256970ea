/**
 * The dashboard with data: orders created and audited through the API (the browser server runs without
 * demo data), then the page in Chinese on the light theme and in English on the dark one — the greeting, the
 * figure cards as `dashboard/index` answers them, both monthly charts drawn (their code loaded only now),
 * the year switch, and a pending card opening the inbound list filtered to unaudited orders.
 *
 * Screenshots: test-output/screenshots/dashboard/ (02-dashboard-light.png, 04-dashboard-dark-english.png, …).
 */
import type { Page } from 'playwright-core';
import { browserSpec } from './support/browser';
import { adminApi, type AdminApi, type Row } from './support/api';
import { chooseFromHoverMenu, eventually, expectPath, rows, settled, signIn } from './support/admin';

const { test } = browserSpec('dashboard');

/** Names carry a suffix so a reused server (WMS_BROWSER_BASE_URL) still works. */
const RUN = Date.now().toString(36).slice(-5).toUpperCase();

async function createOrders(api: AdminApi) {
  const warehouse = await api.add('Warehouse', { name: `看板仓 ${RUN}`, serial_no: `DB-${RUN}` });
  const area = await api.add('WarehouseArea', { warehouse_id: warehouse.id, name: `A 区 ${RUN}`, serial_no: 'A' });
  const shelf = await api.add('Shelf', { warehouse_id: warehouse.id, warehouse_area_id: area.id, name: `A-01 ${RUN}`, serial_no: 'A-01' });
  const unit = await api.add('Unit', { name: `台 ${RUN}` });
  const product = await api.add('Product', { product_no: `DB-P-${RUN}`, name: `显示器 ${RUN}`, unit_id: unit.id, price: '1299.00' });
  const supplier = await api.add('Supplier', { name: `看板供应商 ${RUN}` });
  const customer = await api.add('Customer', { name: `看板客户 ${RUN}` });
  const line = (quantity: number, price: string) => ({ product_id: product.id, warehouse_shelf_id: shelf.id, plan_quantity: quantity, actual_quantity: quantity, price });
  const received = await api.add('Inbound', { supplier_id: supplier.id, type: 10, lines: [line(120, '1234.50')] });
  await api.post('wms.Inbound', 'audit', { id: received.id });
  const sold = await api.add('Outbound', { customer_id: customer.id, type: 10, lines: [line(30, '1299.00')] });
  await api.post('wms.Outbound', 'audit', { id: sold.id });
  // awaiting review
  await api.add('Inbound', { supplier_id: supplier.id, type: 10, lines: [line(5, '1200.00')] });
  await api.add('Outbound', { customer_id: customer.id, type: 10, lines: [line(1, '1299.00')] });
  await api.add('Outbound', { customer_id: customer.id, type: 20, lines: [line(2, '1299.00')] });
}

const figure = (page: Page, name: string) => page.locator(`[data-figure=${name}] .ba-dashboard-figure-value`);

/** The four cards show what the API answers. */
async function expectFigures(page: Page, data: Row): Promise<void> {
  await eventually(async () => {
    expect(await figure(page, 'today-inbound').getAttribute('data-value')).toBe(String(data.today.inbound_quantity));
    expect(await figure(page, 'today-outbound').getAttribute('data-value')).toBe(String(data.today.outbound_quantity));
    expect(await figure(page, 'pending-inbound').getAttribute('data-value')).toBe(String(data.pending.inbound_orders));
    expect(await figure(page, 'pending-outbound').getAttribute('data-value')).toBe(String(data.pending.outbound_orders));
  });
}

/** Both charts drawn on a canvas of real size. */
async function expectCharts(page: Page): Promise<void> {
  for (const chart of ['quantity', 'amount']) {
    const canvas = page.locator(`[data-chart=${chart}] canvas`);
    await canvas.waitFor();
    await eventually(async () => expect((await canvas.boundingBox())?.height ?? 0).toBeGreaterThan(200));
  }
  // the chart code loads with the page, after the figures: give the canvas a frame to paint
  await page.waitForTimeout(800);
}

test('shows the figures and the monthly charts in both languages and themes, and opens the pending orders', async ({ page, step, adminPassword, pageErrors }) => {
  const api = await adminApi();
  await createOrders(api);
  const data = await api.get('dashboard', 'index');
  expect(data.today.inbound_quantity).toBeGreaterThanOrEqual(120);
  expect(data.today.outbound_quantity).toBeGreaterThanOrEqual(30);
  expect(data.pending.outbound_orders).toBeGreaterThanOrEqual(2);
  const year = data.monthly.year as number;

  const chartRequests: string[] = [];
  page.on('request', (request) => {
    if (/MonthlyChart/.test(request.url())) chartRequests.push(request.url());
  });

  await step('sign-in page loads no chart code', async () => {
    await page.goto('/#/admin/login');
    await page.locator('.ba-login-box').waitFor();
    await settled(page);
    expect(chartRequests).toEqual([]);
  });

  await step('dashboard light', async () => {
    await signIn(page, adminPassword);
    await expectPath(page, '/admin/dashboard');
    await settled(page);
    await expectFigures(page, data);
    await expectCharts(page);
    expect(chartRequests.length).toBe(1);
    const text = await page.locator('.ba-dashboard').innerText();
    expect(text).toMatch(/(夜深了，注意身体哦！|早上好！|上午好！|中午好！|下午好！|晚上好！)Admin，欢迎回来。/);
    expect(text).toContain('今日入库数量');
    expect(text).toContain(`${year} 年每月出入库数量`);
    expect(text).toContain('金额（万元）');
    expect(await page.locator('body').getAttribute('arco-theme')).toBeNull();
  });

  await step('the year switch', async () => {
    await page.locator('.ba-dashboard-year .arco-select').click();
    await page.locator('.arco-select-option').filter({ hasText: `${year - 1} 年` }).click();
    await eventually(async () => expect(await page.locator('.ba-dashboard').getAttribute('data-dashboard-year')).toBe(String(year - 1)));
    expect(await page.locator('[data-chart=quantity] .arco-card-header').innerText()).toContain(`${year - 1} 年每月出入库数量`);
    await page.locator('.ba-dashboard-year .arco-select').click();
    await page.locator('.arco-select-option').filter({ hasText: `${year} 年` }).click();
    await eventually(async () => expect(await page.locator('.ba-dashboard').getAttribute('data-dashboard-year')).toBe(String(year)));
    await expectCharts(page);
  });

  await step('dashboard dark english', async () => {
    await chooseFromHoverMenu(page.locator('[data-testid=lang-switch]'), 'English');
    await page.locator('[data-testid=theme-switch]').click();
    await eventually(async () => expect(await page.locator('body').getAttribute('arco-theme')).toBe('dark'));
    await eventually(async () => expect(await page.locator('.ba-dashboard').innerText()).toContain('Inbound today (qty)'));
    await page.mouse.move(700, 850);
    await expectFigures(page, data);
    await expectCharts(page);
    const text = await page.locator('.ba-dashboard').innerText();
    expect(text).toMatch(/(It's late at night, take care of yourself!|Good morning!|Good noon!|Good afternoon!|Good evening!) Welcome back, Admin\./);
    expect(text).toContain(`Monthly amount in and out, ${year}`);
    expect(text).toContain('Amount (×10k yuan)');
    expect(await page.locator('[data-chart=amount] .ba-monthly-chart').getAttribute('data-theme')).toBe('dark');
  });

  await step('amount tooltip in yuan', async () => {
    const box = (await page.locator('[data-chart=amount] canvas').boundingBox())!;
    const month = new Date().getMonth();
    // the month's point: the x axis spans 3 %–97 % of the plot
    await page.mouse.move(box.x + box.width * (0.1 + (0.85 * month) / 11), box.y + box.height * 0.6);
    await eventually(async () => expect(await page.locator('[data-chart=amount] .g2-tooltip').innerText()).toMatch(/¥[\d,]+\.\d\d/), 5000);
  });

  await step('pending outbound card opens the unaudited outbound orders', async () => {
    await page.locator('[data-figure=pending-outbound] button').click();
    await expectPath(page, '/admin/wms/outbound');
    expect(page.url()).toContain('audit_status=0');
    await settled(page);
    await eventually(async () => expect(await rows(page).count()).toBe(Math.min(data.pending.outbound_orders, 10)));
    for (const text of await rows(page).allInnerTexts()) expect(text).toContain('Unaudited');
  });

  expect(pageErrors).toEqual([]);
});
