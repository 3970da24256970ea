/**
 * Directed putaway, replenishment and reorder on a phone (390 × 844): a purchase order naming its warehouse
 * with a line left without a shelf is received (API) onto the dock; on "My tasks" the putaway is scanned as a
 * keyboard-wedge scanner would type it, onto another shelf than suggested that is too small — refused, then
 * forced with a reason; the pick-face page runs replenishment and the task is scanned on "My tasks"; the
 * reorder list shows the suggestion and creates the draft purchase order, whose form shows where its line
 * would be put away. The server's stock agrees.
 * Then the new pages in English on the dark theme. Screenshots: test-output/screenshots/putaway/.
 */
import type { Page } from 'playwright-core';
import { browserSpec, PHONE } from './support/browser';
import { adminApi } from './support/api';
import { eventually, expectPath, goHash, settled, signIn } from './support/admin';

const { test } = browserSpec('putaway', PHONE);

async function warehouse(suffix: string) {
  const api = await adminApi();
  const warehouse = await api.add('Warehouse', { name: `上架仓 ${suffix}`, serial_no: `PW${suffix}` });
  const area = await api.add('WarehouseArea', { warehouse_id: warehouse.id, name: 'B区', serial_no: 'B' });
  const shelf = (serial: string, extra: object = {}) => api.add('Shelf', { warehouse_id: warehouse.id, warehouse_area_id: area.id, name: `${serial} 架`, serial_no: `${serial}-${suffix}`, ...extra });
  const dock = await shelf('DOCK', { kind: 1 });
  const b1 = await shelf('B1', { capacity: 100 });
  const b2 = await shelf('B2', { capacity: 10 });
  const face = await shelf('F1');
  const unit = await api.add('Unit', { name: `箱 ${suffix}` });
  const tea = await api.add('Product', { product_no: `TEA-${suffix}`, name: '绿茶', unit_id: unit.id, price: '30.00' });
  const supplier = await api.add('Supplier', { name: `茶叶供应商 ${suffix}` });
  await api.add('PutawayRule', { warehouse_id: warehouse.id, product_id: tea.id, shelf_ids: [b1.id], priority: 1 });
  await api.add('PickFace', { warehouse_shelf_id: face.id, product_id: tea.id, min: 10, max: 30 });
  await api.add('ReorderRule', { warehouse_id: warehouse.id, product_id: tea.id, min: 100, max: 200, multiple: 12, supplier_id: supplier.id });
  const order = await api.add('Inbound', { supplier_id: supplier.id, type: 10, warehouse_id: warehouse.id, lines: [{ product_id: tea.id, plan_quantity: 60, actual_quantity: 60, price: '30.00' }] });
  await api.post('wms.Inbound', 'audit', { id: order.id });
  return { api, warehouse, dock, b1, b2, face, tea, supplier };
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

const fitsPhone = (page: Page) => page.evaluate(() => (globalThis as any).document.documentElement.scrollWidth);

test('received on the dock, put away by scans on a phone (one forced override), replenished, reorder drafted', async ({ page, step, adminPassword, pageErrors }) => {
  const suffix = String(Date.now()).slice(-6);
  const d = await warehouse(suffix);
  const stockOn = async (shelfId: number) => (await d.api.get('wms.Stock', 'index', { warehouse_shelf_id: shelfId })).list.reduce((sum: number, r: any) => sum + r.quantity, 0);
  expect(await stockOn(d.dock.id)).toBe(60);
  await openIn(page, 'zh-cn', 'light');
  await signIn(page, adminPassword);

  await step('my tasks: the putaway from the dock, its suggested shelf shown large', async () => {
    await goHash(page, '/admin/wms/task');
    await expectPath(page, '/admin/wms/task');
    await settled(page);
    await eventually(async () => expect(await page.locator('[data-directed=task-type]:visible').innerText()).toContain('上架'));
    expect(await page.locator('[data-directed=shelf]:visible').innerText()).toContain(`DOCK-${suffix}`);
    expect(await page.locator('[data-directed=target]:visible').innerText()).toContain(`B1-${suffix}`);
    expect(await fitsPhone(page)).toBeLessThanOrEqual(390);
  });

  await step('onto B2 instead: refused for its capacity, the scans kept and a reason asked', async () => {
    await scan(page, `DOCK-${suffix}`);
    await scan(page, `TEA-${suffix}`);
    await scan(page, `B2-${suffix}`);
    await page.locator('[data-directed=confirm]:visible').click();
    await eventually(async () => expect(await page.locator('[data-directed=error]:visible').innerText()).toContain('该货架仅剩 10 的容量'));
    await page.locator('[data-directed=force]:visible').waitFor();
    expect(await page.locator('[data-directed=force-confirm]:visible').isDisabled()).toBe(true);
  });

  await step('forced with a reason: the task is done, no other task open', async () => {
    await page.locator('[data-directed=force-reason]:visible').fill('B1 被叉车挡住');
    await page.locator('[data-directed=force-confirm]:visible').click();
    await eventually(async () => expect(await page.locator('[data-directed=idle]:visible').innerText()).toContain('没有待处理的任务'));
    expect(await stockOn(d.b2.id)).toBe(60);
    expect(await stockOn(d.dock.id)).toBe(0);
  });

  await step('the pick face page runs replenishment', async () => {
    await goHash(page, '/admin/wms/pickFace');
    await expectPath(page, '/admin/wms/pickFace');
    await settled(page);
    await page.locator('[data-directed=run-replenishment]:visible').click();
    await eventually(async () => expect((await d.api.get('wms.Task', 'index', { type: 3, warehouse_id: d.warehouse.id })).list.length).toBe(1));
    expect(await fitsPhone(page)).toBeLessThanOrEqual(390);
  });

  await step('my tasks: the replenishment scanned from B2 onto the face', async () => {
    await goHash(page, '/admin/wms/task');
    await settled(page);
    await eventually(async () => expect(await page.locator('[data-directed=task-type]:visible').innerText()).toContain('补货'));
    expect(await page.locator('[data-directed=target]:visible').innerText()).toContain(`F1-${suffix}`);
    await scan(page, `B2-${suffix}`);
    await scan(page, `TEA-${suffix}`);
    await scan(page, `F1-${suffix}`);
    await page.locator('[data-directed=confirm]:visible').click();
    await eventually(async () => expect(await page.locator('[data-directed=idle]:visible').innerText()).toContain('没有待处理的任务'));
    expect(await stockOn(d.face.id)).toBe(30);
  });

  await step('the reorder list: 60 on hand, 144 suggested (a multiple of 12); drafts created', async () => {
    await goHash(page, '/admin/wms/reorderRule');
    await expectPath(page, '/admin/wms/reorderRule');
    await settled(page);
    await page.locator('[data-directed=reorder-open]:visible').click();
    const modal = page.locator('.arco-modal:visible').last();
    await modal.locator('[data-orders=warehouse-select]').click();
    await modal.locator('[data-orders=warehouse-select] input').fill(`上架仓 ${suffix}`);
    await page.locator('.arco-select-option:visible').filter({ hasText: `上架仓 ${suffix}` }).first().click();
    await eventually(async () => expect(await modal.locator('[data-directed=reorder-suggested]').first().innerText()).toBe('144'));
    await modal.locator('[data-directed=reorder-draft]').click();
    await eventually(async () => expect(await modal.locator('[data-directed=reorder-suggested]').first().innerText()).toBe('0'));
    const drafts = await d.api.get('wms.Inbound', 'index', { supplier_id: d.supplier.id, audit_status: 0 });
    expect(drafts.list).toHaveLength(1);
    expect(drafts.list[0]).toMatchObject({ warehouse_id: d.warehouse.id, type: 10 });
  });

  await step('the inbound form shows where a line without a shelf would be put away', async () => {
    const draft = (await d.api.get('wms.Inbound', 'index', { supplier_id: d.supplier.id, audit_status: 0 })).list[0];
    await goHash(page, `/admin/wms/inbound?detail=${draft.id}`);
    await settled(page);
    await page.locator('[data-orders=detail-edit]:visible').click();
    // 144 of tea: B1 (room 100) is empty of tea, so by the rule's shelves only B1, the rest without room
    await eventually(async () => expect(await page.locator('[data-orders=putaway-hint]:visible').first().innerText()).toBe(`建议上架：B1-${suffix} ×100 · 44 无处可放`));
    expect(await fitsPhone(page)).toBeLessThanOrEqual(390);
  });
  expect(pageErrors).toEqual([]);
});

test('the putaway, pick face and reorder pages in English on the dark theme', async ({ page, step, adminPassword, pageErrors }) => {
  await openIn(page, 'en', 'dark');
  await signIn(page, adminPassword);
  for (const [path, text] of [
    ['/admin/wms/putawayRule', 'Priority'],
    ['/admin/wms/pickFace', 'Run replenishment'],
    ['/admin/wms/reorderRule', 'Reorder list'],
    // the moves of the first test, with their form types named
    ['/admin/wms/inventoryHistory', 'Replenishment'],
  ] as const) {
    await step(path.split('/').pop()!, async () => {
      await goHash(page, path);
      await expectPath(page, path);
      await settled(page);
      await eventually(async () => expect(await page.locator('body').innerText()).toContain(text));
      expect(await fitsPhone(page)).toBeLessThanOrEqual(390);
    });
  }
  expect(pageErrors).toEqual([]);
});
