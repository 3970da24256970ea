/**
 * Lots in the browser: a lot-tracked product is received through the inbound form (the lot column appears
 * for it, the expiry is computed from the production date and the shelf life as the date is picked), another
 * lot with an earlier expiry comes in through the API; an outbound order without a lot is audited and its
 * detail shows the allocation, earliest expiry first; the stock page's "expiring soon" view colours the days
 * left. Then the stock page in English and the dark theme.
 *
 * Screenshots of every step: test-output/screenshots/lots/.
 */
import type { Locator, Page } from 'playwright-core';
import { browserSpec } from './support/browser';
import { adminApi } from './support/api';
import { chooseFromHoverMenu, currentPage, eventually, expectPath, goHash, openMenu, rows, settled, signIn } from './support/admin';

const { test } = browserSpec('lots');

function form(page: Page): Locator {
  return page.locator('[data-orders=order-form]:visible .arco-drawer');
}
function detail(page: Page): Locator {
  return page.locator('[data-orders=order-detail]:visible .arco-drawer');
}
async function text(locator: Locator): Promise<string> {
  return (await locator.innerText()).replace(/\s+/g, ' ').trim();
}
async function choose(page: Page, select: Locator, option: string | RegExp, search?: string): Promise<void> {
  await select.click();
  if (search !== undefined) await select.locator('input').fill(search);
  await page.locator('.arco-select-popup:visible .arco-select-option').filter({ hasText: option }).first().click();
  await eventually(async () => expect(await page.locator('.arco-select-popup:visible').count()).toBe(0));
}
/** `YYYY-MM-DD`, `days` from today (the browser and the server share the machine's clock; the site zone is Shanghai). */
function day(days: number): string {
  const now = new Date(Date.now() + 8 * 3600_000);
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + days)).toISOString().slice(0, 10);
}

test('receive a lot-tracked product with its dates, ship it first-expiry-first-out and see the allocation', async ({ page, step, adminPassword }) => {
  const suffix = Date.now().toString(36).slice(-5).toUpperCase();
  const api = await adminApi();
  const warehouse = await api.add('Warehouse', { name: `冷链仓 ${suffix}`, serial_no: `L${suffix}` });
  const area = await api.add('WarehouseArea', { warehouse_id: warehouse.id, name: 'C区', serial_no: 'C' });
  const shelf = await api.add('Shelf', { warehouse_id: warehouse.id, warehouse_area_id: area.id, name: 'C-01', serial_no: 'C01' });
  const milk = await api.add('Product', { product_no: `M${suffix}`, name: '鲜牛奶', price: '6.00', lot_tracked: 1, effective_day: 20 });
  const supplier = await api.add('Supplier', { name: `牧场 ${suffix}` });
  const customer = await api.add('Customer', { name: `超市 ${suffix}` });
  // the lot that expires first, received through the API
  const early = await api.add('Inbound', {
    supplier_id: supplier.id,
    type: 10,
    lines: [{ product_id: milk.id, warehouse_shelf_id: shelf.id, plan_quantity: 4, actual_quantity: 4, price: '6.00', lot_no: `E${suffix}`, expiry_date: day(5) }],
  });
  await api.post('wms.Inbound', 'audit', { id: early.id });
  const produced = day(-1);
  const lateExpiry = day(19);

  await signIn(page, adminPassword);
  await settled(page);

  await step('inbound form with the lot column', async () => {
    await openMenu(page, '仓库作业', '入库单');
    await expectPath(page, '/admin/wms/inbound');
    await settled(page);
    await currentPage(page).locator('[data-crud=add]').click();
    const f = form(page);
    await f.waitFor();
    await choose(page, f.locator('[data-orders=form-party]'), supplier.name, suffix);
    const line = f.locator('[data-orders=line-editor] tbody tr.arco-table-tr').first();
    expect(await f.locator('[data-orders=line-lot]').count()).toBe(0);
    await choose(page, line.locator('[data-orders=product-select]'), milk.product_no, milk.product_no);
    await choose(page, line.locator('[data-orders=warehouse-select]'), warehouse.name);
    await choose(page, line.locator('[data-orders=shelf-select]'), /C-01/);
    await line.locator('[data-orders=line-plan_quantity] input').fill('10');
    await line.locator('[data-orders=line-plan_quantity] input').press('Tab');
    // the lot column appears for the lot-tracked product
    await line.locator('[data-orders=line-lot]').waitFor();
    await line.locator('[data-lots=lot-input]').fill(`l${suffix}`);
    const production = line.locator('[data-lots=production-date] input');
    await production.click();
    await production.fill(produced);
    await production.press('Enter');
    await eventually(async () => expect(await text(line.locator('[data-lots=expiry-preview]'))).toBe(`有效期至 ${lateExpiry}`));
  });

  await step('inbound saved and audited', async () => {
    await form(page).locator('[data-orders=form-submit]').click();
    await form(page).waitFor({ state: 'hidden' });
    const row = rows(page).filter({ hasText: supplier.name }).first();
    await row.locator('[data-crud=row-audit]').click();
    await page.locator('.arco-popconfirm:visible .arco-btn-primary').click();
    await eventually(async () => expect(await row.locator('[data-crud=row-audit]').count()).toBe(0));
    const { list } = await api.get('wms.Stock', 'index', { product_id: milk.id, order: 'expiry_date,asc' });
    expect(list.map((r: Record<string, unknown>) => [r.lot_no, r.expiry_date, r.quantity])).toEqual([
      [`E${suffix}`, day(5), 4],
      [`L${suffix}`, lateExpiry, 10],
    ]);
  });

  await step('outbound audited, allocation in the detail', async () => {
    await openMenu(page, '仓库作业', '出库单');
    await expectPath(page, '/admin/wms/outbound');
    await settled(page);
    await currentPage(page).locator('[data-crud=add]').click();
    const f = form(page);
    await f.waitFor();
    await choose(page, f.locator('[data-orders=form-party]'), customer.name, suffix);
    const line = f.locator('[data-orders=line-editor] tbody tr.arco-table-tr').first();
    await choose(page, line.locator('[data-orders=product-select]'), milk.product_no, milk.product_no);
    await choose(page, line.locator('[data-orders=warehouse-select]'), warehouse.name);
    await choose(page, line.locator('[data-orders=shelf-select]'), /C-01/);
    await line.locator('[data-orders=line-plan_quantity] input').fill('6');
    await line.locator('[data-orders=line-plan_quantity] input').press('Tab');
    // no lot named: the lot select's placeholder says it will be allocated first-expiry-first-out
    expect(await text(line.locator('[data-lots=lot-select] .arco-select-view-value'))).toBe('自动（先到期先出）');
    await form(page).locator('[data-orders=form-submit]').click();
    await form(page).waitFor({ state: 'hidden' });
    const row = rows(page).filter({ hasText: customer.name }).first();
    await row.locator('[data-crud=row-audit]').click();
    await page.locator('.arco-popconfirm:visible .arco-btn-primary').click();
    await eventually(async () => expect(await row.locator('[data-crud=row-audit]').count()).toBe(0));
    await row.locator('[data-orders=number-link]').click();
    const dd = detail(page);
    await dd.waitFor();
    const allocations = dd.locator('[data-lots=allocations] .lots-allocation');
    await eventually(async () => expect(await allocations.allInnerTexts()).toEqual([`E${suffix}×4`, `L${suffix}×2`]));
  });

  await step('stock expiring soon view', async () => {
    await page.keyboard.press('Escape');
    await openMenu(page, '仓库作业', '库存查询');
    await expectPath(page, '/admin/wms/stock');
    await settled(page);
    await currentPage(page).locator('[data-lots=view-expiring]').click();
    await currentPage(page).locator('[data-lots=lot-filter] input').fill(`L${suffix}`);
    await currentPage(page).locator('[data-lots=lot-filter] input').press('Enter');
    const row = rows(page).filter({ hasText: milk.product_no });
    await eventually(async () => expect(await row.count()).toBe(1));
    expect(await row.locator('[data-lots=expiry]').getAttribute('data-level')).toBe('soon');
    expect(await text(row.locator('[data-lots=days-left]'))).toBe('19 天');
  });

  await step('dashboard expiring tile', async () => {
    await goHash(page, '/admin/dashboard');
    await settled(page);
    const tile = page.locator('[data-figure=expiring-lots]');
    await tile.waitFor();
    // this run's lot L (8 left, 19 days) is in it; a reused server may hold more
    expect(Number(await tile.locator('.ba-dashboard-figure-value').getAttribute('data-value'))).toBeGreaterThanOrEqual(8);
    // the title says the big number counts units, and in how many lots
    expect(await text(tile)).toMatch(/临期批次库存件数 · \d+ 个批次/);
  });

  await step('stock in English, dark theme', async () => {
    await openMenu(page, '仓库作业', '库存查询');
    await chooseFromHoverMenu(page.locator('[data-testid=lang-switch]'), 'English');
    await page.locator('[data-testid=theme-switch]').click();
    await eventually(async () => expect(await page.locator('body').getAttribute('arco-theme')).toBe('dark'));
    await eventually(async () => expect(await text(currentPage(page).locator('[data-lots=stock-view]'))).toMatch(/All stock.*Expiring soon.*Expired/));
    // coming back from the dashboard opens the stock page anew, in "all stock": choose the view and the lot
    // again (the shared server holds other specs' stock, so this run's lot need not be on the first page)
    await currentPage(page).locator('[data-lots=view-expiring]').click();
    await currentPage(page).locator('[data-lots=lot-filter] input').fill(`L${suffix}`);
    await currentPage(page).locator('[data-lots=lot-filter] input').press('Enter');
    const row = rows(page).filter({ hasText: milk.product_no });
    await eventually(async () => expect(await row.count()).toBe(1));
    await eventually(async () => expect(await text(row.locator('[data-lots=days-left]'))).toBe('19 days'));
    await page.mouse.move(700, 850);
    await page.waitForTimeout(300);
  });
});
