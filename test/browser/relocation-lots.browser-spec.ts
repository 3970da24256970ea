/**
 * The relocation move dialog with lots: a lot-tracked product with three lots on its shelf (one expiring
 * soon, one later, one expired). The dialog shows, per lot line, the lots on the source shelf with expiry and
 * quantity, and which of them the quantity typed takes — first expiry first for a line without lot, the
 * expired lot only on the line that names it; after the move it stays open on what the move took. Then a
 * second order in English and the dark theme shows the shortfall warning, and the same dialog on a phone.
 *
 * Screenshots of every step: test-output/screenshots/relocation-lots/ and relocation-lots-phone/.
 */
import type { Locator, Page } from 'playwright-core';
import { browserSpec, PHONE } from './support/browser';
import { adminApi } from './support/api';
import { chooseFromHoverMenu, eventually, goHash, rows, settled, signIn } from './support/admin';

type Row = Record<string, any>;

async function text(locator: Locator): Promise<string> {
  return (await locator.innerText()).replace(/\s+/g, ' ').trim();
}
/** `YYYY-MM-DD`, `days` from today in the site zone (Shanghai). */
function day(days: number): string {
  const now = new Date(Date.now() + 8 * 3600_000);
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + days)).toISOString().slice(0, 10);
}
function dialog(page: Page): Locator {
  return page.locator('.arco-modal:visible');
}
/** The lot rows of a line's card: `lot available takes` each. */
async function lotRows(card: Locator): Promise<string[][]> {
  const list = card.locator('.move-lots-row:not(.is-head)');
  const out: string[][] = [];
  for (let i = 0; i < (await list.count()); i++) {
    const row = list.nth(i);
    out.push([(await row.getAttribute('data-lot')) ?? '', (await row.locator('[role=cell]').nth(2).innerText()).trim(), (await row.getAttribute('data-takes')) ?? '']);
  }
  return out;
}
async function openMove(page: Page, relocationNo: string): Promise<Locator> {
  await goHash(page, '/admin/wms/relocation');
  await settled(page);
  const row = rows(page).filter({ hasText: relocationNo }).first();
  await row.locator('[data-crud=row-move]').click();
  const d = dialog(page);
  await d.waitFor();
  await d.locator('[data-orders=move-lots-line]').first().waitFor();
  await eventually(async () => expect(await d.locator('.move-lots-row').count()).toBeGreaterThan(0));
  return d;
}

/** A warehouse with a lot-tracked product: lots E (expires in 3 days, 4), L (in 40 days, 10), X (expired, 5) on shelf R-01. */
async function lotsOnShelf() {
  const suffix = Date.now().toString(36).slice(-5).toUpperCase();
  const api = await adminApi();
  const warehouse = await api.add('Warehouse', { name: `移库仓 ${suffix}`, serial_no: `R${suffix}` });
  const area = await api.add('WarehouseArea', { warehouse_id: warehouse.id, name: 'R区', serial_no: 'R' });
  const from = await api.add('Shelf', { warehouse_id: warehouse.id, warehouse_area_id: area.id, name: 'R-01', serial_no: 'R01' });
  const to = await api.add('Shelf', { warehouse_id: warehouse.id, warehouse_area_id: area.id, name: 'R-02', serial_no: 'R02' });
  const yogurt = await api.add('Product', { product_no: `Y${suffix}`, name: '酸奶', price: '4.00', lot_tracked: 1 });
  const supplier = await api.add('Supplier', { name: `乳业 ${suffix}` });
  const lot = (lotNo: string, quantity: number, expiry: string) => ({ product_id: yogurt.id, warehouse_shelf_id: from.id, plan_quantity: quantity, actual_quantity: quantity, price: '4.00', lot_no: lotNo, expiry_date: expiry });
  const inbound = await api.add('Inbound', { supplier_id: supplier.id, type: 10, lines: [lot(`X${suffix}`, 5, day(-2)), lot(`L${suffix}`, 10, day(40)), lot(`E${suffix}`, 4, day(3))] });
  await api.post('wms.Inbound', 'audit', { id: inbound.id });
  const relocation = async (lines: Row[]) => {
    const order = await api.add('Relocation', { lines: lines.map((l) => ({ product_id: yogurt.id, source_warehouse_shelf_id: from.id, target_warehouse_shelf_id: to.id, ...l })) });
    await api.post('wms.Relocation', 'audit', { id: order.id });
    return order;
  };
  return { suffix, api, yogurt, relocation, lots: { E: `E${suffix}`, L: `L${suffix}`, X: `X${suffix}` } };
}

const desktop = browserSpec('relocation-lots');

desktop.test('the move dialog shows the shelf lots, what the move takes and what it took', async ({ page, step, adminPassword, pageErrors }) => {
  const { lots, relocation, api, yogurt } = await lotsOnShelf();
  const first = await relocation([{ plan_quantity: 6 }, { plan_quantity: 2, lot_no: lots.X }]);
  const second = await relocation([{ plan_quantity: 20 }]);

  await signIn(page, adminPassword);
  await settled(page);

  await step('move dialog with the lots of the source shelf', async () => {
    const d = await openMove(page, first.relocation_no);
    const cards = d.locator('[data-orders=move-lots-line]');
    expect(await cards.count()).toBe(2);
    // first expiry first: E, then L; the expired lot last, greyed; nothing taken before a quantity is typed
    await eventually(async () =>
      expect(await lotRows(cards.nth(0))).toEqual([
        [lots.X, '5', '0'],
        [lots.E, '4', '0'],
        [lots.L, '10', '0'],
      ]),
    );
    expect(await cards.nth(0).locator(`.move-lots-row[data-lot="${lots.X}"] [data-lots=expiry]`).getAttribute('data-level')).toBe('expired');
    expect(await cards.nth(0).locator(`.move-lots-row[data-lot="${lots.E}"] [data-lots=expiry]`).getAttribute('data-level')).toBe('soon');
    expect(await text(cards.nth(0).locator('[data-orders=move-lots-fefo]'))).toBe('先到期先出（已过期批次仅在指定时移出）');
    expect(await text(cards.nth(1).locator('[data-orders=move-lots-named]'))).toBe(`指定批次：${lots.X}`);
    expect(await text(cards.nth(0))).toContain('输入移库数量后显示将移出的批次');
  });

  await step('typed quantities preview the lots taken', async () => {
    const d = dialog(page);
    const inputs = d.locator('.arco-table tbody tr.arco-table-tr [data-orders=move-quantity] input');
    await inputs.nth(0).fill('6');
    await inputs.nth(0).press('Tab');
    await inputs.nth(1).fill('2');
    await inputs.nth(1).press('Tab');
    const cards = d.locator('[data-orders=move-lots-line]');
    // no lot named: E then 2 of L, never the expired X; the line naming X takes X
    await eventually(async () => expect((await lotRows(cards.nth(0))).map((r) => [r[0], r[2]])).toEqual([[lots.X, '0'], [lots.E, '4'], [lots.L, '2']]));
    expect((await lotRows(cards.nth(1))).map((r) => [r[0], r[2]])).toEqual([[lots.X, '2'], [lots.E, '0'], [lots.L, '0']]);
    expect(await d.locator('[data-orders=move-lots-warn]').count()).toBe(0);
  });

  await step('moved: the dialog shows what the move took', async () => {
    const d = dialog(page);
    await d.locator('[data-orders=move-submit]').click();
    const done = d.locator('[data-orders=move-lots-done]');
    await done.waitFor();
    expect(await done.locator('[data-line="1"] .lots-allocation').allInnerTexts()).toEqual([`${lots.E}×4`, `${lots.L}×2`]);
    expect(await done.locator('[data-line="2"] .lots-allocation').allInnerTexts()).toEqual([`${lots.X}×2`]);
    // the shelf's lots read again: E is gone, L and X are less
    const cards = d.locator('[data-orders=move-lots-line]');
    await eventually(async () => expect((await lotRows(cards.nth(0))).map((r) => [r[0], r[1]])).toEqual([[lots.X, '3'], [lots.L, '8']]));
    expect(await cards.nth(0).locator('.move-lots-so-far .lots-allocation').allInnerTexts()).toEqual([`${lots.E}×4`, `${lots.L}×2`]);
    const { row } = await api.get('wms.Relocation', 'edit', { id: first.id });
    expect(row.lines.map((l: Row) => l.allocations)).toEqual([[{ lot_no: lots.E, quantity: 4 }, { lot_no: lots.L, quantity: 2 }], [{ lot_no: lots.X, quantity: 2 }]]);
  });

  await step('English, dark theme: more than the lots that may be taken', async () => {
    await dialog(page).locator('[data-orders=move-close]').click();
    await dialog(page).waitFor({ state: 'hidden' });
    await chooseFromHoverMenu(page.locator('[data-testid=lang-switch]'), 'English');
    await page.locator('[data-testid=theme-switch]').click();
    await eventually(async () => expect(await page.locator('body').getAttribute('arco-theme')).toBe('dark'));
    const d = await openMove(page, second.relocation_no);
    const input = d.locator('.arco-table tbody tr.arco-table-tr [data-orders=move-quantity] input').first();
    await input.fill('20');
    await input.press('Tab');
    const card = d.locator('[data-orders=move-lots-line]').first();
    await eventually(async () => expect(await text(card.locator('[data-orders=move-lots-warn]'))).toBe('12 more than the lots that may be taken hold: the move would be refused'));
    expect((await lotRows(card)).map((r) => [r[0], r[2]])).toEqual([[lots.X, '0'], [lots.L, '8']]);
    expect(await text(card.locator('[data-orders=move-lots-fefo]'))).toBe('First expiry first (expired lots only when named)');
    // the server refuses it as the preview said, and nothing moves
    await d.locator('[data-orders=move-submit]').click();
    await page.locator('.arco-notification, .arco-message').filter({ hasText: 'Insufficient stock that has not expired' }).first().waitFor();
    expect((await api.get('wms.Stock', 'index', { product_id: yogurt.id, limit: 10 })).list.map((r: Row) => r.quantity).reduce((a: number, b: number) => a + b, 0)).toBe(19);
  });

  expect(pageErrors).toEqual([]);
});

const phone = browserSpec('relocation-lots-phone', PHONE);

phone.test('the move dialog with lots on a phone', async ({ page, step, adminPassword, pageErrors }) => {
  const { lots, relocation } = await lotsOnShelf();
  const order = await relocation([{ plan_quantity: 5 }]);

  await signIn(page, adminPassword);
  await settled(page);

  await step('move dialog on a phone', async () => {
    const d = await openMove(page, order.relocation_no);
    const input = d.locator('.arco-table tbody tr.arco-table-tr [data-orders=move-quantity] input').first();
    await input.fill('5');
    await input.press('Tab');
    const card = d.locator('[data-orders=move-lots-line]').first();
    await eventually(async () => expect((await lotRows(card)).map((r) => [r[0], r[2]])).toEqual([[lots.X, '0'], [lots.E, '4'], [lots.L, '1']]));
    await card.scrollIntoViewIfNeeded();
    // the card fits the screen: nothing sideways, the lot rows inside it
    const box = await card.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    for (const row of await card.locator('.move-lots-row').all()) {
      const r = await row.boundingBox();
      expect(r && r.x + r.width <= box!.x + box!.width + 1).toBe(true);
    }
  });

  await step('moved on a phone', async () => {
    const d = dialog(page);
    await d.locator('[data-orders=move-submit]').click();
    const done = d.locator('[data-orders=move-lots-done]');
    await done.waitFor();
    await done.scrollIntoViewIfNeeded();
    expect(await done.locator('[data-line="1"] .lots-allocation').allInnerTexts()).toEqual([`${lots.E}×4`, `${lots.L}×1`]);
  });

  expect(pageErrors).toEqual([]);
});
