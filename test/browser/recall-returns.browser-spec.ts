/**
 * Lot recall and customer returns on a phone (390 × 844): a lot received and partly shipped through the API;
 * in the pages — the lots list, the lot blocked with a reason (its tag), an outbound naming it refused at
 * audit with the message naming the lot, the recall trace (shipment, customer, where it is now); then a
 * return of part of the shipment with one restock line and one scrap line, saved and audited, and the server's
 * stock agrees. The lots page again in English on the dark theme. Screenshots:
 * test-output/screenshots/recall-returns/.
 */
import type { Page } from 'playwright-core';
import { browserSpec, PHONE } from './support/browser';
import { adminApi } from './support/api';
import { eventually, expectPath, goHash, rows, settled, signIn } from './support/admin';

const { test } = browserSpec('recall-returns', PHONE);

async function openIn(page: Page, lang: 'zh-cn' | 'en', theme: 'light' | 'dark'): Promise<void> {
  await page.addInitScript(
    ([l, th]) => (globalThis as any).localStorage.setItem('storeConfig_v2', JSON.stringify({ layoutMode: 'Default', theme: th, menuCollapse: true, lang: l })),
    [lang, theme],
  );
}

async function choose(page: Page, select: ReturnType<Page['locator']>, typed: string, option: string | RegExp): Promise<void> {
  await select.click();
  const input = select.locator('input').first();
  if (await input.count()) await input.fill(typed);
  await page.locator('.arco-select-option:visible').filter({ hasText: option }).first().click();
}

const noSideScroll = async (page: Page) => expect(await page.evaluate(() => (globalThis as any).document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

test('a lot blocked, refused on an outbound, traced, and part of a shipment returned with a restock, a hold and a scrap line', async ({ page, step, adminPassword }) => {
  const suffix = String(Date.now()).slice(-6);
  const lot = `R${suffix}`;
  const api = await adminApi();
  const warehouse = await api.add('Warehouse', { name: `召回仓 ${suffix}`, serial_no: `RW${suffix}` });
  const area = await api.add('WarehouseArea', { warehouse_id: warehouse.id, name: 'A区', serial_no: 'A' });
  const s1 = await api.add('Shelf', { warehouse_id: warehouse.id, warehouse_area_id: area.id, name: `存储 ${suffix}`, serial_no: `RS1-${suffix}` });
  const qc = await api.add('Shelf', { warehouse_id: warehouse.id, warehouse_area_id: area.id, name: `隔离 ${suffix}`, serial_no: `RQC-${suffix}`, kind: 3 });
  const unit = await api.add('Unit', { name: `盒 ${suffix}` });
  const milk = await api.add('Product', { product_no: `MILK-${suffix}`, name: `鲜牛奶 ${suffix}`, unit_id: unit.id, price: '6.00', lot_tracked: 1 });
  const cup = await api.add('Product', { product_no: `CUP-${suffix}`, name: `酸奶杯 ${suffix}`, unit_id: unit.id, price: '2.00' });
  const spoon = await api.add('Product', { product_no: `SPOON-${suffix}`, name: `小勺 ${suffix}`, unit_id: unit.id, price: '0.50' });
  const supplier = await api.add('Supplier', { name: `牧场 ${suffix}` });
  const customer = await api.add('Customer', { name: `超市 ${suffix}` });
  const inbound = await api.add('Inbound', {
    supplier_id: supplier.id,
    type: 10,
    lines: [
      { product_id: milk.id, warehouse_shelf_id: s1.id, plan_quantity: 20, actual_quantity: 20, price: '6.00', lot_no: lot, expiry_date: '2099-12-31' },
      { product_id: cup.id, warehouse_shelf_id: s1.id, plan_quantity: 8, actual_quantity: 8, price: '2.00' },
      { product_id: spoon.id, warehouse_shelf_id: s1.id, plan_quantity: 6, actual_quantity: 6, price: '0.50' },
    ],
  });
  await api.post('wms.Inbound', 'audit', { id: inbound.id });
  const line = (quantity: number) => ({ product_id: milk.id, warehouse_shelf_id: s1.id, plan_quantity: quantity, actual_quantity: quantity, price: '9.00', lot_no: lot });
  const shipped = await api.add('Outbound', { customer_id: customer.id, type: 10, lines: [line(10), { product_id: cup.id, warehouse_shelf_id: s1.id, plan_quantity: 5, actual_quantity: 5, price: '3.00' }, { product_id: spoon.id, warehouse_shelf_id: s1.id, plan_quantity: 4, actual_quantity: 4, price: '1.00' }] });
  await api.post('wms.Outbound', 'audit', { id: shipped.id });
  const pending = await api.add('Outbound', { customer_id: customer.id, type: 10, lines: [line(2)] });

  await openIn(page, 'zh-cn', 'light');
  await signIn(page, adminPassword);

  await step('the lots list on a phone, the lot found', async () => {
    await goHash(page, '/admin/wms/lot');
    await expectPath(page, '/admin/wms/lot');
    await settled(page);
    const search = page.locator('[data-lots=lot-page] input[data-crud=quick-search], [data-lots=lot-page] [data-crud=quick-search] input').first();
    await search.fill(lot);
    await search.press('Enter');
    await eventually(async () => expect(await rows(page).filter({ hasText: lot }).count()).toBe(1));
    await noSideScroll(page);
  });

  await step('the lot blocked with a reason', async () => {
    const row = rows(page).filter({ hasText: lot }).first();
    await row.locator('[data-crud=row-block]').click();
    await page.locator('.arco-modal:visible textarea').fill('供应商召回');
    await page.locator('.arco-modal:visible .arco-btn-status-danger').click();
    await eventually(async () => expect(await row.locator('[data-lots=blocked-tag]').count()).toBe(1));
    const { list } = await api.get('wms.Stock', 'index', { product_id: milk.id });
    expect(list.map((r: Record<string, any>) => [r.quantity, r.available_quantity, r.blocked])).toEqual([[10, 0, 1]]);
  });

  await step('an outbound naming the lot is refused at audit', async () => {
    await goHash(page, '/admin/wms/outbound');
    await expectPath(page, '/admin/wms/outbound');
    await settled(page);
    const row = rows(page).filter({ hasText: pending.outbound_no }).first();
    await row.locator('[data-crud=row-audit]').click();
    await page.locator('.arco-popconfirm:visible .arco-btn-primary').click();
    await page.locator('.arco-message, .arco-notification').filter({ hasText: lot }).filter({ hasText: '已冻结' }).first().waitFor();
    expect((await api.get('wms.Outbound', 'edit', { id: pending.id })).row.audit_status).toBe(0);
  });

  await step('the recall trace: the shipment to the customer and where the lot is now', async () => {
    await goHash(page, '/admin/wms/lot');
    await settled(page);
    const row = rows(page).filter({ hasText: lot }).first();
    await row.locator('[data-crud=row-trace]').click();
    const trace = page.locator('[data-lots=trace]:visible, .lot-trace-drawer:visible').first();
    await trace.locator('[data-lots=trace-shipments]').filter({ hasText: customer.name }).waitFor();
    expect(await trace.locator('[data-lots=trace-receipts]').innerText()).toContain(supplier.name);
    expect(await trace.locator('[data-lots=trace-now]').innerText()).toContain(s1.name);
    expect(await trace.locator('[data-lots=trace-totals]').innerText()).toContain('20');
    await trace.locator('[data-lots=trace-print]').waitFor();
    await page.keyboard.press('Escape');
  });

  await step('a return of part of the shipment: 2 of the lot restocked, 1 spoon held in quarantine, 1 cup scrapped, saved and audited', async () => {
    await goHash(page, '/admin/wms/return');
    await expectPath(page, '/admin/wms/return');
    await settled(page);
    await page.locator('[data-returns=new]:visible').click();
    const form = page.locator('.arco-drawer:visible').last();
    await choose(page, form.locator('[data-returns=outbound]').first(), shipped.outbound_no, shipped.outbound_no);
    const cards = form.locator('[data-returns=line]');
    await eventually(async () => expect(await cards.count()).toBe(3));
    const milkCard = cards.filter({ hasText: milk.product_no }).first();
    const cupCard = cards.filter({ hasText: cup.product_no }).first();
    expect(await milkCard.locator('[data-returns=returnable]').innerText()).toContain('10');
    expect(await cupCard.locator('[data-returns=returnable]').innerText()).toContain('5');
    await noSideScroll(page);
    const quantity = (card: typeof milkCard) => card.locator('input[data-returns=quantity], [data-returns=quantity] input').first();
    await quantity(milkCard).fill('2');
    await quantity(milkCard).press('Tab');
    await choose(page, milkCard.locator('[data-returns=shelf]').first(), '', s1.name);
    await milkCard.locator('input[data-returns=reason], [data-returns=reason] input').first().fill('客户多订');
    await quantity(cupCard).fill('1');
    await quantity(cupCard).press('Tab');
    await cupCard.locator('[data-returns=disposition-3]').click();
    await choose(page, cupCard.locator('[data-returns=shelf]').first(), '', qc.name);
    await cupCard.locator('input[data-returns=reason], [data-returns=reason] input').first().fill('压坏');
    const spoonCard = cards.filter({ hasText: spoon.product_no }).first();
    await quantity(spoonCard).fill('1');
    await quantity(spoonCard).press('Tab');
    await spoonCard.locator('[data-returns=disposition-2]').click();
    await choose(page, spoonCard.locator('[data-returns=shelf]').first(), '', qc.name);
    await spoonCard.locator('input[data-returns=reason], [data-returns=reason] input').first().fill('待检');
    await form.locator('[data-returns=save-audit]').click();
    const detail = page.locator('.arco-drawer:visible').filter({ hasText: '重新上架' }).filter({ hasText: '隔离' }).filter({ hasText: '报废' }).first();
    await detail.waitFor();
    await eventually(async () => {
      // this shipment's returns (the server is shared: another spec returns serials of its own)
      const { list } = await api.get('wms.Return', 'index', {});
      const ours = list.filter((r: Record<string, any>) => r.outbound_id === shipped.id);
      expect(ours.map((r: Record<string, any>) => [r.outbound_id, r.audit_status])).toEqual([[shipped.id, 1]]);
    });
    const trace = await api.get('wms.Lot', 'trace', { product_id: milk.id, lot_no: lot });
    expect(trace.shipments.map((s: Record<string, any>) => [s.quantity, s.returned])).toEqual([[10, 2]]);
    expect(trace.totals.on_hand).toBe(12);
    const stock = await api.get('wms.Stock', 'index', { product_id: cup.id, zero: 1 });
    expect(Object.fromEntries(stock.list.map((r: Record<string, any>) => [r.warehouse_shelf_id, r.quantity]))).toEqual({ [s1.id]: 3, [qc.id]: 0 });
    // the held spoon waits on the hold shelf, where nothing is available
    const held = await api.get('wms.Stock', 'index', { product_id: spoon.id });
    expect(held.list.map((r: Record<string, any>) => [r.warehouse_shelf_id, r.quantity, r.available_quantity]).sort()).toEqual([[qc.id, 1, 0], [s1.id, 2, 2]].sort());
    await detail.locator('.arco-drawer-close-icon').click();
  });
});

test('the lots page and its trace in English on the dark theme', async ({ page, step, adminPassword }) => {
  const suffix = String(Date.now()).slice(-6);
  const lot = `E${suffix}`;
  const api = await adminApi();
  const warehouse = await api.add('Warehouse', { name: `Recall ${suffix}`, serial_no: `EW${suffix}` });
  const area = await api.add('WarehouseArea', { warehouse_id: warehouse.id, name: 'Area A', serial_no: 'A' });
  const shelf = await api.add('Shelf', { warehouse_id: warehouse.id, warehouse_area_id: area.id, name: `Bay ${suffix}`, serial_no: `EB-${suffix}` });
  const unit = await api.add('Unit', { name: `box ${suffix}` });
  const juice = await api.add('Product', { product_no: `JUICE-${suffix}`, name: `Orange juice ${suffix}`, unit_id: unit.id, price: '4.00', lot_tracked: 1 });
  const supplier = await api.add('Supplier', { name: `Grove ${suffix}` });
  const inbound = await api.add('Inbound', { supplier_id: supplier.id, type: 10, lines: [{ product_id: juice.id, warehouse_shelf_id: shelf.id, plan_quantity: 6, actual_quantity: 6, price: '4.00', lot_no: lot }] });
  await api.post('wms.Inbound', 'audit', { id: inbound.id });
  await api.post('wms.Lot', 'block', { product_id: juice.id, lot_no: lot, reason: 'Supplier recall' });
  await openIn(page, 'en', 'dark');
  await signIn(page, adminPassword);

  await step('blocked lots only, in English', async () => {
    await goHash(page, '/admin/wms/lot');
    await expectPath(page, '/admin/wms/lot');
    await settled(page);
    await page.locator('[data-lots=blocked-only]').click();
    await eventually(async () => expect(await rows(page).filter({ hasText: lot }).count()).toBe(1));
    expect(await rows(page).filter({ hasText: lot }).first().innerText()).toContain('Blocked');
    await noSideScroll(page);
  });

  await step('its trace, in English', async () => {
    await rows(page).filter({ hasText: lot }).first().locator('[data-crud=row-trace]').click();
    const trace = page.locator('.lot-trace-drawer:visible').first();
    await trace.locator('[data-lots=trace-receipts]').filter({ hasText: supplier.name }).waitFor();
    expect(await trace.locator('[data-lots=trace-totals]').innerText()).toBe('Received 6 − shipped 0 + returned 0 + other 0 = on hand 6');
  });
});
