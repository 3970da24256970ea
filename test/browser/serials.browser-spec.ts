/**
 * Serial capture in the browser: an inbound order of 2 units of a serial-tracked product is edited; its line
 * shows the serial scanner; each scan (typed + Enter, as a keyboard-wedge scanner sends it) adds one serial,
 * a serial scanned twice is flagged at once and not added, and the order saves the serials. After the audit
 * the serial history page finds the serial and shows where it is and its movement in. Then on a 390 px phone;
 * there a count of the shelf counts the phone by scanning its two serials on the count sheet (its product code
 * read into the sheet's scan field puts the keyboard in the line's serial scanner; a duplicate flagged at once,
 * the count following the chips, a chip removed and scanned again), in the dark theme. Still on the phone, one
 * serial shipped to a customer comes back through the return page: its line is returned by scanning (a duplicate
 * flagged at once), a serial the order did not ship is refused on the form with the scans kept, and once the
 * shipped serial is scanned instead and the return audited, the serial history page shows it in stock again.
 *
 * Screenshots of every step: test-output/screenshots/serials/.
 */
import type { Locator, Page } from 'playwright-core';
import { browserSpec } from './support/browser';
import { adminApi } from './support/api';
import { currentPage, eventually, expectPath, goHash, rows, settled, signIn } from './support/admin';

const { test } = browserSpec('serials');

function form(page: Page): Locator {
  return page.locator('[data-orders=order-form]:visible .arco-drawer');
}
async function text(locator: Locator): Promise<string> {
  return (await locator.innerText()).replace(/\s+/g, ' ').trim();
}
/** Picks an option of a remote select, typing to search first. */
async function choose(page: Page, select: Locator, typed: string, option: string): Promise<void> {
  await select.click();
  const input = select.locator('input').first();
  if (typed && (await input.count())) await input.fill(typed);
  await page.locator('.arco-select-option:visible').filter({ hasText: option }).first().click();
}
const phoneWidth = (page: Page) => page.evaluate(() => (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement.scrollWidth);

test('scan serials into an order line (a duplicate flagged at once), then find the serial and its history', async ({ page, step, shot, adminPassword }) => {
  const suffix = Date.now().toString(36).slice(-5).toUpperCase();
  const api = await adminApi();
  const warehouse = await api.add('Warehouse', { name: `电子仓 ${suffix}`, serial_no: `E${suffix}` });
  const area = await api.add('WarehouseArea', { warehouse_id: warehouse.id, name: 'E区', serial_no: 'E' });
  const shelf = await api.add('Shelf', { warehouse_id: warehouse.id, warehouse_area_id: area.id, name: 'E-01', serial_no: 'E01' });
  const phone = await api.add('Product', { product_no: `PH${suffix}`, name: '手机', price: '999.00', serial_tracked: 1 });
  const supplier = await api.add('Supplier', { name: `电子供应商 ${suffix}` });
  const order = await api.add('Inbound', { supplier_id: supplier.id, type: 10, lines: [{ product_id: phone.id, warehouse_shelf_id: shelf.id, plan_quantity: 2, actual_quantity: 2, price: '999.00' }] });
  const first = `SN-${suffix}-1`;
  const second = `SN-${suffix}-2`;

  await signIn(page, adminPassword);
  await settled(page);

  await step('the line of a serial-tracked product scans its serials; a duplicate is flagged at once', async () => {
    await goHash(page, '/admin/wms/inbound');
    await expectPath(page, '/admin/wms/inbound');
    await settled(page);
    await rows(page).filter({ hasText: supplier.name }).first().locator('[data-crud=row-edit]').click();
    const f = form(page);
    await f.waitFor();
    const capture = f.locator('[data-orders=line-serials] [data-serials=capture]').first();
    await capture.waitFor();
    const scan = capture.locator('input');
    await scan.fill(first.toLowerCase());
    await scan.press('Enter');
    await eventually(async () => expect(await text(capture.locator('[data-serials=count]'))).toBe('已扫 1 / 2'));
    // the same serial again (typed in another case): flagged, not added
    await scan.fill(` ${first} `);
    await scan.press('Enter');
    await eventually(async () => expect(await text(capture.locator('[data-serials=problem]'))).toBe(`${first} 已经扫过`));
    expect(await text(capture.locator('[data-serials=count]'))).toBe('已扫 1 / 2');
    await scan.fill(second);
    await scan.press('Enter');
    await eventually(async () => expect(await text(capture.locator('[data-serials=count]'))).toBe('已扫 2 / 2'));
    expect(await capture.locator('[data-serials=problem]').count()).toBe(0);
    await f.locator('[data-orders=form-submit]').click();
    await f.waitFor({ state: 'hidden' });
    await eventually(async () => expect((await api.get('wms.Inbound', 'edit', { id: order.id })).row.lines[0].serials).toEqual([first, second]));
  });

  await step('the serial history page finds a serial: where it is and how it came', async () => {
    await api.post('wms.Inbound', 'audit', { id: order.id });
    await goHash(page, '/admin/wms/serial');
    await expectPath(page, '/admin/wms/serial');
    await settled(page);
    const search = currentPage(page).locator('[data-serials=search] input');
    await search.fill(second.toLowerCase());
    await search.press('Enter');
    const card = currentPage(page).locator('[data-serials=result]');
    await card.waitFor();
    expect(await text(card.locator('[data-serials=where]'))).toContain('E-01');
    expect(await card.locator('[data-serials=movement]').count()).toBe(1);
    expect(await text(card.locator('[data-serials=movement]'))).toContain(order.receipt_no);
  });

  await step('on a 390 px phone the search and its result fit the screen', async () => {
    await page.setViewportSize({ width: 390, height: 800 });
    await settled(page);
    const search = currentPage(page).locator('[data-serials=search] input');
    await search.fill(first);
    await search.press('Enter');
    await currentPage(page).locator('[data-serials=result]').filter({ hasText: first }).waitFor();
    const width = await page.evaluate(() => (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
  });

  await step('on the phone, in the dark theme, a count of the shelf counts the phone by scanning its two serials', async () => {
    const count = await api.add('Stocktake', { warehouse_id: warehouse.id, warehouse_shelf_id: shelf.id, remark: `序列号盘点 ${suffix}` });
    const started = await api.post('wms.Stocktake', 'start', { id: count.id });
    const lineId = started.lines.find((l: { product_id: number }) => l.product_id === phone.id).id;
    await page.evaluate(() => {
      const storage = (globalThis as unknown as { localStorage: { getItem(k: string): string | null; setItem(k: string, v: string): void } }).localStorage;
      storage.setItem('storeConfig_v2', JSON.stringify({ ...JSON.parse(storage.getItem('storeConfig_v2') ?? '{}'), theme: 'dark' }));
    });
    await goHash(page, '/admin/wms/stocktake');
    await page.reload();
    await expectPath(page, '/admin/wms/stocktake');
    await settled(page);
    expect(await page.evaluate(() => (globalThis as unknown as { document: { body: { getAttribute(n: string): string | null } } }).document.body.getAttribute('arco-theme'))).toBe('dark');
    await currentPage(page).locator('.arco-table-tr').filter({ hasText: count.stocktake_no }).first().locator('[data-stocktake=open-number]').click();
    const sheet = page.locator('[data-stocktake=sheet]:visible .arco-drawer').first();
    const line = sheet.locator(`[data-stocktake=line][data-line-id="${lineId}"]`);
    const capture = line.locator('[data-stocktake=serials] [data-serials=capture]');
    await capture.waitFor();
    const quantity = line.locator('[data-stocktake=count-input]');
    expect(await quantity.getAttribute('readonly')).not.toBeNull();
    const scan = capture.locator('input');
    // a scanner reads the phone's product code into the sheet's scan field: the line becomes current, nothing is
    // counted, and the keyboard goes to its serial scanner, where the next read is a serial
    const sheetScan = sheet.locator('[data-orders=scan] input');
    await sheetScan.click();
    await page.keyboard.type(phone.product_no);
    await page.keyboard.press('Enter');
    await eventually(async () =>
      expect(await page.evaluate((id) => !!(globalThis as any).document.activeElement?.closest?.(`[data-serials-for="${id}"]`), lineId)).toBe(true),
    );
    expect(await quantity.inputValue()).toBe('');
    await page.keyboard.type(first.toLowerCase());
    await page.keyboard.press('Enter');
    await eventually(async () => expect(await quantity.inputValue()).toBe('1'));
    // scanned twice: flagged at once, still 1
    await scan.fill(first);
    await scan.press('Enter');
    await eventually(async () => expect(await text(capture.locator('[data-serials=problem]'))).toBe(`${first} 已经扫过`));
    expect(await quantity.inputValue()).toBe('1');
    await scan.fill(second);
    await scan.press('Enter');
    await eventually(async () => expect(await quantity.inputValue()).toBe('2'));
    expect(await text(capture.locator('[data-serials=count]'))).toBe('已扫 2 个');
    await eventually(async () => expect((await api.get('wms.Stocktake', 'edit', { id: count.id })).row.lines.find((l: { id: number }) => l.id === lineId)).toMatchObject({ counted_quantity: 2, counted_serials: [first, second] }));
    // a chip removed counts one fewer; scanned again, two
    await capture.locator(`[data-serial="${first}"] .arco-tag-close-btn`).click();
    await eventually(async () => expect(await quantity.inputValue()).toBe('1'));
    await scan.fill(first);
    await scan.press('Enter');
    await eventually(async () => expect(await quantity.inputValue()).toBe('2'));
    await eventually(async () => expect((await api.get('wms.Stocktake', 'edit', { id: count.id })).row.lines.find((l: { id: number }) => l.id === lineId)).toMatchObject({ counted_quantity: 2, counted_serials: [second, first] }));
    await eventually(async () => expect(await text(sheet.locator('[data-stocktake=progress]'))).toContain('已盘 1 / 1 行'));
    const width = await page.evaluate(() => (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    // posted: the same two serials, no variance
    const posted = await api.post('wms.Stocktake', 'post', { id: count.id });
    expect(posted.lines.find((l: { id: number }) => l.id === lineId)).toMatchObject({ variance: 0 });
  });

  await step('on the phone, a shipped serial comes back through the return page (scanned; an unshipped one refused on the form) and is in stock again', async () => {
    const customer = await api.add('Customer', { name: `电子客户 ${suffix}` });
    const back = await api.add('Shelf', { warehouse_id: warehouse.id, warehouse_area_id: area.id, name: `退货架 ${suffix}`, serial_no: `RT${suffix}` });
    const outbound = await api.add('Outbound', { customer_id: customer.id, type: 10, lines: [{ product_id: phone.id, warehouse_shelf_id: shelf.id, plan_quantity: 1, actual_quantity: 1, price: '1299.00', serials: [first] }] });
    await api.post('wms.Outbound', 'audit', { id: outbound.id });
    expect((await api.get('wms.Serial', 'index', { product_id: phone.id, serial_no: first })).list[0]).toMatchObject({ in_stock: 0 });

    await page.keyboard.press('Escape');
    await goHash(page, '/admin/wms/return');
    await expectPath(page, '/admin/wms/return');
    await settled(page);
    await page.locator('[data-returns=new]:visible').click();
    const f = page.locator('.arco-drawer:visible').last();
    await choose(page, f.locator('[data-returns=outbound]').first(), outbound.outbound_no, outbound.outbound_no);
    const card = f.locator('[data-returns=line]').filter({ hasText: phone.product_no }).first();
    await card.waitFor();
    const quantity = card.locator('input[data-returns=quantity], [data-returns=quantity] input').first();
    expect(await quantity.getAttribute('readonly')).not.toBeNull();
    const capture = card.locator('[data-returns=serials] [data-serials=capture]');
    const scan = capture.locator('input');
    // the serial still on the shelf, which this order did not ship: scanned (twice: flagged at once)
    await scan.fill(second.toLowerCase());
    await scan.press('Enter');
    await eventually(async () => expect(await quantity.inputValue()).toBe('1'));
    await scan.fill(second);
    await scan.press('Enter');
    await eventually(async () => expect(await text(capture.locator('[data-serials=problem]'))).toBe(`${second} 已经扫过`));
    expect(await text(capture.locator('[data-serials=count]'))).toBe('已扫 1 / 1');
    await choose(page, card.locator('[data-returns=shelf]').first(), back.name, back.name);
    await f.locator('[data-returns=save-audit]').click();
    // refused by the server, said on the form in Chinese; the scan is still there
    const refusal = f.locator('[data-returns=refusal]');
    await refusal.waitFor();
    expect(await text(refusal)).toContain(`的序列号 ${second} 不是出库单 ${outbound.outbound_no} 发出的`);
    expect(await capture.locator(`[data-serial="${second}"]`).count()).toBe(1);
    expect((await api.get('wms.Return', 'index', {})).list.filter((r: { outbound_id: number }) => r.outbound_id === outbound.id)).toEqual([]);
    expect(await phoneWidth(page)).toBeLessThanOrEqual(390);
    await refusal.scrollIntoViewIfNeeded();
    await shot('return-form-refused-on-the-phone');
    // the chip removed, the shipped serial scanned instead: saved and audited
    await capture.locator(`[data-serial="${second}"] .arco-tag-close-btn`).click();
    await eventually(async () => expect(await quantity.inputValue()).toBe(''));
    await scan.fill(first);
    await scan.press('Enter');
    await eventually(async () => expect(await quantity.inputValue()).toBe('1'));
    await f.locator('[data-returns=save-audit]').click();
    const detail = page.locator('.arco-drawer:visible').filter({ has: page.locator('[data-returns=line-serials]') }).last();
    await detail.waitFor();
    expect(await text(detail.locator('[data-returns=line-serials]'))).toBe(first);
    const returned = (await api.get('wms.Return', 'index', {})).list.find((r: { outbound_id: number }) => r.outbound_id === outbound.id);
    await eventually(async () => expect((await api.get('wms.Return', 'edit', { id: returned.id })).row).toMatchObject({ audit_status: 1, lines: [expect.objectContaining({ quantity: 1, serials: [first] })] }));
    await page.keyboard.press('Escape');

    // the serial history page: in stock on the return shelf, its history in, out, return in
    await goHash(page, '/admin/wms/serial');
    await expectPath(page, '/admin/wms/serial');
    await settled(page);
    const search = currentPage(page).locator('[data-serials=search] input');
    await search.fill(first);
    await search.press('Enter');
    const result = currentPage(page).locator('[data-serials=result]').filter({ hasText: first });
    await result.waitFor();
    await eventually(async () => expect(await text(result)).toContain('在库'));
    expect(await text(result.locator('[data-serials=where]'))).toContain(back.name);
    const movements = result.locator('[data-serials=movement]');
    expect(await movements.count()).toBe(3);
    expect(await text(movements.nth(1))).toContain(outbound.outbound_no);
    expect(await text(movements.nth(2))).toContain(returned.return_no);
    expect(await phoneWidth(page)).toBeLessThanOrEqual(390);
  });
});
