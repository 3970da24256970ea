/**
 * The auditor's ledger workspace: stock is moved through the API, then a member of the seeded Auditor group
 * signs in, takes a digest, verifies the ledger against it (progress, then "intact up to event N"), sees the
 * run recorded, opens the product's movement trace (running balances in ledger order), follows a row's
 * order to the order as audited (its lines and the movements the ledger recorded), then in English on the dark theme sees
 * stock as of today, the variances with their totals, and the trace at phone width.
 *
 * Screenshots: test-output/screenshots/ledger-audit/ (02-digest-taken.png, 03-verified.png, …).
 */
import type { Locator, Page } from 'playwright-core';
import { browserSpec } from './support/browser';
import { adminApi } from './support/api';
import { chooseFromHoverMenu, eventually, expectPath, openMenu, rows, settled, signIn } from './support/admin';

const { test } = browserSpec('ledger-audit');
const RUN = Date.now().toString(36).slice(-5).toUpperCase();
const AUDITOR_PASSWORD = 'Auditor-Pass-1';

/** Picks an option of an Arco select (typing `search` first for a remote one). */
async function choose(page: Page, select: Locator, option: string | RegExp, search?: string): Promise<void> {
  await select.click();
  if (search !== undefined) await select.locator('input').fill(search);
  await page.locator('.arco-select-popup:visible .arco-select-option').filter({ hasText: option }).first().click();
  await eventually(async () => expect(await page.locator('.arco-select-popup:visible').count()).toBe(0));
}

test('an auditor takes a digest, verifies the ledger against it and opens a product trace', async ({ page, step, pageErrors }) => {
  const api = await adminApi();
  const warehouse = await api.add('Warehouse', { name: `审计仓 ${RUN}`, serial_no: `AU-${RUN}` });
  const area = await api.add('WarehouseArea', { warehouse_id: warehouse.id, name: `A 区 ${RUN}`, serial_no: 'A' });
  const shelf = await api.add('Shelf', { warehouse_id: warehouse.id, warehouse_area_id: area.id, name: `A-01 ${RUN}`, serial_no: 'A-01' });
  const unit = await api.add('Unit', { name: `箱 ${RUN}` });
  const product = await api.add('Product', { product_no: `AU-P-${RUN}`, name: `审计商品 ${RUN}`, unit_id: unit.id, price: '10.00' });
  const supplier = await api.add('Supplier', { name: `审计供应商 ${RUN}` });
  const customer = await api.add('Customer', { name: `审计客户 ${RUN}` });
  const line = (quantity: number) => ({ product_id: product.id, warehouse_shelf_id: shelf.id, plan_quantity: quantity, actual_quantity: quantity, price: '10.00' });
  const inbound = await api.add('Inbound', { supplier_id: supplier.id, type: 10, lines: [line(50)] });
  await api.post('wms.Inbound', 'audit', { id: inbound.id });
  const outbound = await api.add('Outbound', { customer_id: customer.id, type: 10, lines: [line(12)] });
  await api.post('wms.Outbound', 'audit', { id: outbound.id });
  const adjustment = await api.add('Adjustment', { lines: [{ product_id: product.id, warehouse_shelf_id: shelf.id, quantity: -2, reason: 'damaged' }] });
  await api.post('wms.Adjustment', 'audit', { id: adjustment.id });
  const groups = await api.get('auth.Group', 'index', { limit: 100 });
  const auditorGroup = (groups.list as Array<{ id: number; name: string; children?: unknown[] }>).flatMap(function all(g: any): any[] {
    return [g, ...(g.children ?? []).flatMap(all)];
  }).find((g) => g.name === '审计员');
  expect(auditorGroup).toBeDefined();
  const username = `auditor${RUN.toLowerCase()}`;
  await api.post('auth.Admin', 'add', { username, nickname: `审计 ${RUN}`, password: AUDITOR_PASSWORD, group_arr: [auditorGroup.id] });

  await step('auditor workspace', async () => {
    await signIn(page, AUDITOR_PASSWORD, username);
    await openMenu(page, '审计工作台', '账本校验');
    await expectPath(page, '/admin/audit/ledger');
    await page.locator('[data-ledger=page]').waitFor();
    await settled(page);
    await page.locator('.ledger-key .arco-collapse-item-header').click();
    await eventually(async () => expect(await page.locator('[data-ledger=public-key]').innerText()).toContain('BEGIN PUBLIC KEY'));
  });

  let digestId = 0;
  await step('digest taken', async () => {
    await page.locator('[data-ledger=take]').click();
    // taking a digest says so
    await page.locator('.arco-message').filter({ hasText: /已生成摘要 #\d+/ }).first().waitFor();
    await eventually(async () => expect(await rows(page).first().innerText()).toMatch(/[0-9a-f]{16}/));
    digestId = Number((await rows(page).first().locator('td').first().innerText()).trim());
    expect(digestId).toBeGreaterThan(0);
  });

  await step('verified', async () => {
    await page.locator(`[data-ledger=verify-digest-${digestId}]`).click();
    const answer = page.locator('[data-ledger=answer]');
    await answer.waitFor({ timeout: 30_000 });
    const text = await answer.innerText();
    expect(text).toMatch(/完整至事件 \d+/);
    expect(text).toContain(`摘要 #${digestId}：签名有效，与账本一致。`);
    await eventually(async () => expect(await page.locator('.ledger-page').innerText()).toContain('完整'));
    // the runs' column headers name what they hold: no placeholder, an event's version in its stream
    const headers = (await page.locator('.ledger-page thead th').allInnerTexts()).map((h) => h.trim());
    expect(headers.filter((h) => h.includes('{'))).toEqual([]);
    expect(headers).toEqual(expect.arrayContaining(['完整至事件', '流内版本']));
  });

  await step('movement trace', async () => {
    await openMenu(page, '审计工作台', '变动追溯');
    await expectPath(page, '/admin/audit/trace');
    await settled(page);
    await choose(page, page.locator('[data-audit=trace-filters] [data-orders=product-select]'), `AU-P-${RUN}`, `AU-P-${RUN}`);
    await eventually(async () => expect(await rows(page).count()).toBe(3));
    // ledger order: received 50, 12 issued, 2 written off as damaged; the product's running balance after each
    expect(await rows(page).locator('[data-audit=product-balance]').allInnerTexts()).toEqual(['50', '38', '36']);
    expect(await rows(page).first().innerText()).toContain(inbound.receipt_no);
  });

  await step('order as audited', async () => {
    await rows(page).nth(1).locator('.audit-order-link').click();
    const snapshot = page.locator('.audit-snapshot');
    await snapshot.locator('[data-audit=snapshot-movements]').waitFor();
    expect(await snapshot.locator('.arco-drawer-header-title').innerText()).toContain(outbound.outbound_no);
    await eventually(async () => expect(await snapshot.locator('[data-audit=snapshot-movements] tbody').innerText()).toContain('-12'));
    const header = await snapshot.locator('[data-audit=snapshot-header]').innerText();
    expect(header).toContain('出库单');
    expect(header).toContain(`审计客户 ${RUN}`);
    // the order's own lines, though the Auditor group may not open the order's edit form
    expect(await snapshot.locator('[data-audit=snapshot-lines] tbody').innerText()).toContain(`AU-P-${RUN}`);
    expect(await snapshot.locator('[data-audit=open-order]').count()).toBe(0);
    await snapshot.locator('.arco-drawer-footer .arco-btn').last().click();
    await snapshot.waitFor({ state: 'hidden' });
  });

  await step('english dark', async () => {
    await openMenu(page, '审计工作台', '账本校验');
    await page.locator('[data-ledger=page]').waitFor();
    await chooseFromHoverMenu(page.locator('[data-testid=lang-switch]'), 'English');
    await page.locator('[data-testid=theme-switch]').click();
    await eventually(async () => expect(await page.locator('body').getAttribute('arco-theme')).toBe('dark'));
    await eventually(async () => expect(await page.locator('.ledger-page').innerText()).toContain('Ledger integrity'));
    await page.locator('[data-ledger=verify]').click();
    await page.locator('[data-ledger=answer]').waitFor({ timeout: 30_000 });
    await eventually(async () => expect(await page.locator('[data-ledger=answer]').innerText()).toMatch(/Intact up to event \d+/));
  });

  await step('stock as of today', async () => {
    await openMenu(page, "Auditor's workspace", 'Stock as of a date');
    await expectPath(page, '/admin/audit/stock');
    await choose(page, page.locator('[data-audit=stock-filters] [data-orders=product-select]'), `AU-P-${RUN}`, `AU-P-${RUN}`);
    await eventually(async () => expect(await rows(page).locator('[data-audit=asof-quantity]').allInnerTexts()).toEqual(['36']));
    // valued first in, first out, and the totals of everything selected above the table
    const [value] = await rows(page).locator('[data-audit=asof-value]').allInnerTexts();
    expect(value).toMatch(/^\d[\d,]*\.\d{2}$/);
    await eventually(async () => expect(await page.locator('[data-audit=asof-totals]').innerText()).toBe(`Rows: 1 · on hand: 36 · value: ${value}`));
  });

  await step('variances', async () => {
    await openMenu(page, "Auditor's workspace", 'Count and adjustment variances');
    await expectPath(page, '/admin/audit/variance');
    await eventually(async () => expect(await rows(page).filter({ hasText: `AU-P-${RUN}` }).count()).toBe(1));
    const written = rows(page).filter({ hasText: `AU-P-${RUN}` });
    expect(await written.innerText()).toContain('-20.00');
    expect(await written.locator('[data-audit=variance-reason]').innerText()).toBe('Damaged');
    // a count or adjustment opens as audited here too: the adjustment's line and its reason's movement
    await written.locator('.audit-order-link').click();
    const snapshot = page.locator('.audit-snapshot');
    await eventually(async () => expect(await snapshot.locator('[data-audit=snapshot-lines] tbody').innerText()).toContain('-2'));
    expect(await snapshot.locator('[data-audit=snapshot-header]').innerText()).toContain('Stock adjustment');
    await snapshot.locator('.arco-drawer-footer .arco-btn').last().click();
    await snapshot.waitFor({ state: 'hidden' });
    expect(await page.locator('[data-audit=total-losses]').innerText()).toMatch(/-\d+\.\d\d/);
  });

  await step('trace on a phone', async () => {
    await openMenu(page, "Auditor's workspace", 'Movement trace');
    await expectPath(page, '/admin/audit/trace');
    await page.setViewportSize({ width: 390, height: 844 });
    await choose(page, page.locator('[data-audit=trace-filters] [data-orders=product-select]'), `AU-P-${RUN}`, `AU-P-${RUN}`);
    await eventually(async () => expect(await rows(page).count()).toBe(3));
    expect(await rows(page).locator('[data-audit=product-balance]').allInnerTexts()).toEqual(['50', '38', '36']);
    const overflow = await page.evaluate(() => {
      const root = (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }).document.documentElement;
      return root.scrollWidth - root.clientWidth;
    });
    expect(overflow).toBeLessThanOrEqual(0);
  });

  expect(pageErrors).toEqual([]);
});
