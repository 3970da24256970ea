/**
 * Counting a shelf on a phone (390 × 844) with the keyboard alone: stock comes from the API; then in the pages —
 * the count list, a new count of one shelf, start, the count sheet (lines in shelf order, the progress), a
 * product code typed in the scan field counts 1 on its line (the keyboard staying there), Tab, a quantity and
 * Enter correct it and send the keyboard back to the scan field, a product the sheet lacks is added as found; the review shows the gains and losses
 * with their value and posts them; the server's stock and history agree. Again in English on the dark theme,
 * with a blind count; then the adjustment order page. Screenshots: test-output/screenshots/stocktake/.
 */
import type { Locator, Page } from 'playwright-core';
import { browserSpec, PHONE } from './support/browser';
import { adminApi, type Row } from './support/api';
import { chooseFromHoverMenu, eventually, expectPath, goHash, settled, signIn } from './support/admin';

const { test } = browserSpec('stocktake', PHONE);

async function warehouse(suffix: string) {
  const api = await adminApi();
  const warehouse = await api.add('Warehouse', { name: `盘点仓 ${suffix}`, serial_no: `PW${suffix}` });
  const area = await api.add('WarehouseArea', { warehouse_id: warehouse.id, name: 'A区', serial_no: 'A' });
  const shelf1 = await api.add('Shelf', { warehouse_id: warehouse.id, warehouse_area_id: area.id, name: '一号架', serial_no: `P1-${suffix}` });
  const shelf2 = await api.add('Shelf', { warehouse_id: warehouse.id, warehouse_area_id: area.id, name: '二号架', serial_no: `P2-${suffix}` });
  const unit = await api.add('Unit', { name: `箱 ${suffix}` });
  const rice = await api.add('Product', { product_no: `RICE-${suffix}`, name: '东北大米', spec: '10kg', unit_id: unit.id, price: '60.00' });
  const oil = await api.add('Product', { product_no: `OIL-${suffix}`, name: '花生油', spec: '5L', unit_id: unit.id, price: '85.50' });
  const salt = await api.add('Product', { product_no: `SALT-${suffix}`, name: '海盐', spec: '500g', unit_id: unit.id, price: '3.20' });
  const supplier = await api.add('Supplier', { name: `粮油厂 ${suffix}` });
  const inbound = await api.add('Inbound', {
    supplier_id: supplier.id,
    type: 10,
    lines: [
      { product_id: rice.id, warehouse_shelf_id: shelf2.id, plan_quantity: 20, actual_quantity: 20, price: '60.00' },
      { product_id: oil.id, warehouse_shelf_id: shelf1.id, plan_quantity: 12, actual_quantity: 12, price: '85.50' },
      { product_id: rice.id, warehouse_shelf_id: shelf1.id, plan_quantity: 8, actual_quantity: 8, price: '60.00' },
    ],
  });
  await api.post('wms.Inbound', 'audit', { id: inbound.id });
  return { api, warehouse, area, shelf1, shelf2, rice, oil, salt };
}

type Data = Awaited<ReturnType<typeof warehouse>>;

const sheet = (page: Page): Locator => page.locator('[data-stocktake=sheet]:visible .arco-drawer').first();
const lineRows = (page: Page): Locator => sheet(page).locator('[data-stocktake=line]');
const focusInScanField = (page: Page) =>
  page.evaluate(() => {
    const active = (globalThis as any).document.activeElement as { tagName?: string; closest?: (s: string) => unknown } | null;
    return active?.tagName === 'INPUT' && !!active.closest?.('[data-orders=scan]');
  });
const focusedLineId = (page: Page) => page.evaluate(() => (globalThis as any).document.activeElement?.getAttribute?.('data-line-input') ?? null);

async function openIn(page: Page, lang: 'zh-cn' | 'en', theme: 'light' | 'dark'): Promise<void> {
  await page.addInitScript(
    ([l, th]) => (globalThis as any).localStorage.setItem('storeConfig_v2', JSON.stringify({ layoutMode: 'Default', theme: th, menuCollapse: true, lang: l })),
    [lang, theme],
  );
}

/** Creates a draft count of one shelf through the page's form. */
async function newCount(page: Page, d: Data, blind: boolean): Promise<void> {
  await page.locator('[data-crud=add]:visible').click();
  const form = page.locator('.arco-drawer:visible').last();
  const pick = async (index: number, text: string) => {
    const select = form.locator('.arco-form-item').nth(index).locator('.arco-select');
    await select.click();
    await select.locator('input').fill(text);
    await page.locator('.arco-select-popup:visible .arco-select-option').filter({ hasText: text }).first().click();
  };
  await pick(0, d.warehouse.name);
  await pick(1, 'A区');
  await pick(2, '一号架');
  if (blind) await form.locator('.arco-switch').click();
  const remark = blind ? 'blind shelf count' : '一号架月末盘点';
  await form.locator('textarea').fill(remark);
  await form.locator('[data-crud=form-submit], button.arco-btn-primary').last().click();
  await eventually(async () => expect(await page.locator('.arco-drawer:visible').count()).toBe(0));
  // the list shows the new count: open its sheet from its number
  const row = page.locator('.arco-table-tr').filter({ hasText: remark });
  await eventually(async () => expect(await row.count()).toBeGreaterThan(0));
  await row.first().locator('[data-stocktake=open-number]').click();
  await sheet(page).waitFor();
}

async function typeCode(page: Page, code: string): Promise<void> {
  const scan = sheet(page).locator('[data-orders=scan] input');
  await scan.click();
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
}

test('a shelf counted by keyboard alone on a phone, the variance reviewed and posted, in both languages and themes', async ({ page, step, adminPassword, pageErrors }) => {
  const suffix = String(Date.now()).slice(-6);
  const d = await warehouse(suffix);
  await openIn(page, 'zh-cn', 'light');
  await signIn(page, adminPassword);

  await step('the count list fits the phone', async () => {
    await goHash(page, '/admin/wms/stocktake');
    await expectPath(page, '/admin/wms/stocktake');
    await settled(page);
    await page.locator('[data-crud=add]:visible').waitFor();
    expect(await page.evaluate(() => (globalThis as any).document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  await step('a new count of shelf one, opened from its number', async () => {
    await newCount(page, d, false);
    await eventually(async () => expect(await sheet(page).locator('[data-stocktake=status]').innerText()).toBe('草稿'));
  });

  await step('start: one line per stock on the shelf, in shelf order, none counted', async () => {
    await sheet(page).locator('[data-stocktake=start]').click();
    await eventually(async () => expect(await lineRows(page).count()).toBe(2));
    expect(await sheet(page).locator('[data-stocktake=progress]').innerText()).toContain('已盘 0 / 2 行');
    const texts = await lineRows(page).allInnerTexts();
    expect(texts.join('|')).toContain('东北大米');
    expect(texts.join('|')).toContain('花生油');
  });

  await step('type a product code: its line counts 1, the keyboard stays in the scan field; Tab, a quantity and Enter correct it and come back', async () => {
    await typeCode(page, d.oil.product_no);
    const oilLine = lineRows(page).filter({ hasText: '花生油' });
    const oilId = await oilLine.getAttribute('data-line-id');
    await eventually(async () => expect(await oilLine.locator('input').inputValue()).toBe('1'));
    expect(await focusInScanField(page)).toBe(true);
    await page.keyboard.press('Tab');
    await eventually(async () => expect(await focusedLineId(page)).toBe(oilId));
    await page.keyboard.type('11');
    await page.keyboard.press('Enter');
    await eventually(async () => expect(await oilLine.locator('input').inputValue()).toBe('11'));
    await eventually(async () => expect(await focusInScanField(page)).toBe(true));
    await eventually(async () => expect(await sheet(page).locator('[data-stocktake=progress]').innerText()).toContain('已盘 1 / 2 行'));
    const riceLine = lineRows(page).filter({ hasText: '东北大米' });
    await typeCode(page, d.rice.product_no);
    await eventually(async () => expect(await riceLine.locator('input').inputValue()).toBe('1'));
    await page.keyboard.press('Tab');
    await eventually(async () => expect(await focusedLineId(page)).toBe(await riceLine.getAttribute('data-line-id')));
    await page.keyboard.type('9');
    await page.keyboard.press('Enter');
    await eventually(async () => expect(await riceLine.locator('input').inputValue()).toBe('9'));
    await eventually(async () => expect(await sheet(page).locator('[data-stocktake=progress]').innerText()).toContain('已盘 2 / 2 行'));
  });

  await step('a shelf code then a product the sheet lacks: added as found with 1, corrected to 4 by typing', async () => {
    await typeCode(page, d.shelf1.serial_no);
    await eventually(async () => expect(await sheet(page).locator('[data-orders=scan-shelf]').innerText()).toContain('一号架'));
    await typeCode(page, d.salt.product_no);
    await eventually(async () => expect(await lineRows(page).count()).toBe(3));
    const saltLine = lineRows(page).filter({ hasText: '海盐' });
    const saltId = await saltLine.getAttribute('data-line-id');
    await eventually(async () => expect(await sheet(page).locator('.stocktake-line.is-current').getAttribute('data-line-id')).toBe(saltId));
    expect(await focusInScanField(page)).toBe(true);
    await page.keyboard.press('Tab');
    await eventually(async () => expect(await focusedLineId(page)).toBe(saltId));
    await page.keyboard.press('Control+A');
    await page.keyboard.type('4');
    await page.keyboard.press('Enter');
    await eventually(async () => expect(await saltLine.locator('input').inputValue()).toBe('4'));
    await eventually(async () => expect(await sheet(page).locator('[data-stocktake=progress]').innerText()).toContain('已盘 3 / 3 行'));
  });

  await step('review: gains and losses with their value', async () => {
    await sheet(page).locator('[data-stocktake=review-open]').click();
    const review = page.locator('.arco-modal:visible');
    await review.waitFor();
    const totals = await review.locator('[data-stocktake=review-totals]').innerText();
    // rice 9 of 8 → +1 × 60.00, salt +4 × 3.20 = 72.80 gained; oil 11 of 12 → −1 × 85.50 lost
    expect(totals).toMatch(/盘盈\s*5 件\s*·\s*72\.80/);
    expect(totals).toMatch(/盘亏\s*1 件\s*·\s*85\.50/);
    expect(await review.locator('[data-stocktake=gains]').innerText()).toContain('海盐');
    expect(await review.locator('[data-stocktake=losses]').innerText()).toContain('花生油');
  });

  await step('post: the count is posted, the ledger has the gains and the loss', async () => {
    await page.locator('.arco-modal:visible [data-stocktake=post-confirm]').click();
    await eventually(async () => expect(await sheet(page).locator('[data-stocktake=status]').innerText()).toBe('已过账'));
    const stock: Row = await d.api.get('wms.Stock', 'index', { warehouse_shelf_id: d.shelf1.id, limit: 10 });
    expect(Object.fromEntries(stock.list.map((r: Row) => [r.product.product_no, r.quantity]))).toEqual({ [d.rice.product_no]: 9, [d.oil.product_no]: 11, [d.salt.product_no]: 4 });
  });

  await step('a blind count in English on the dark theme shows no book quantities', async () => {
    await sheet(page).locator('.arco-drawer-close-icon').click();
    await eventually(async () => expect(await page.locator('[data-stocktake=sheet] .arco-drawer:visible').count()).toBe(0));
    // switched in the top bar, as the user does
    await page.locator('[data-testid=theme-switch]').click();
    await eventually(async () => expect(await page.locator('body').getAttribute('arco-theme')).toBe('dark'));
    await chooseFromHoverMenu(page.locator('[data-testid=lang-switch]'), 'English');
    await eventually(async () => expect(await page.locator('[data-crud=add]:visible').innerText()).toBe('Add'));
    await settled(page);
    await newCount(page, d, true);
    await sheet(page).locator('[data-stocktake=start]').click();
    await eventually(async () => expect(await lineRows(page).count()).toBe(3));
    expect(await sheet(page).innerText()).not.toMatch(/Book/);
    expect(await sheet(page).locator('[data-stocktake=blind]').innerText()).toBe('Blind count');
    // each Enter sends the keyboard back to the scan field: the next line is tapped
    for (let i = 0; i < 3; i++) {
      await sheet(page).locator('[data-stocktake=count-input]').nth(i).click();
      await page.keyboard.type('1');
      await page.keyboard.press('Enter');
      await eventually(async () => expect(await focusInScanField(page)).toBe(true));
    }
    await eventually(async () => expect(await sheet(page).locator('[data-stocktake=progress]').innerText()).toContain('3 of 3 lines counted'));
    await sheet(page).locator('[data-stocktake=review-open]').click();
    expect(await page.locator('.arco-modal:visible').innerText()).toContain('A blind count shows its variances once posted');
  });

  expect(pageErrors).toEqual([]);
});

test('the adjustment order page lists, adds and audits an adjustment with a reason', async ({ page, step, adminPassword, pageErrors }) => {
  const suffix = String(Date.now()).slice(-6);
  const d = await warehouse(suffix);
  const order = await d.api.add('Adjustment', { remark: `破损 ${suffix}`, lines: [{ product_id: d.oil.id, warehouse_shelf_id: d.shelf1.id, quantity: -2, reason: 'damaged' }] });
  await openIn(page, 'zh-cn', 'dark');
  await signIn(page, adminPassword);
  await step('the adjustment list at phone width', async () => {
    await goHash(page, '/admin/wms/adjustment');
    await expectPath(page, '/admin/wms/adjustment');
    await settled(page);
    await eventually(async () => expect(await page.locator('.arco-table-tr').filter({ hasText: order.adjustment_no }).count()).toBe(1));
    expect(await page.evaluate(() => (globalThis as any).document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
  await step('the add form has no party or type: lines with a signed quantity and a reason', async () => {
    await page.locator('[data-crud=add]:visible').click();
    const form = page.locator('[data-orders=order-form]:visible .arco-drawer');
    await form.waitFor();
    expect(await form.locator('[data-orders=form-party]').count()).toBe(0);
    expect(await form.locator('[data-orders=form-type]').count()).toBe(0);
    expect(await form.locator('[data-orders=line-quantity]').count()).toBe(1);
    await form.locator('[data-orders=line-reason] .arco-select').click();
    await page.locator('.arco-select-popup:visible .arco-select-option').filter({ hasText: '损坏' }).click();
    await form.locator('[data-orders=line-quantity] input').fill('0');
    await form.locator('[data-orders=form-submit]').click();
    await eventually(async () => expect(await form.locator('[data-orders=line-error]').allInnerTexts()).toContain('请输入非 0 的整数（负数为调减）'));
    // the form holds input: closing asks before discarding it
    await form.locator('.arco-drawer-close-icon').click();
    const discard = page.locator('.arco-modal:visible').filter({ hasText: '放弃已输入的内容？' });
    await discard.locator('button').filter({ hasText: /^\s*放弃\s*$/ }).click();
    await form.waitFor({ state: 'hidden' });
  });

  await step('its detail shows the reason and the signed quantity; audit posts it', async () => {
    await page.locator('[data-orders=number-link]').filter({ hasText: order.adjustment_no }).click();
    const detail = page.locator('.arco-drawer:visible').last();
    await eventually(async () => expect(await detail.locator('[data-orders=detail-lines]').innerText()).toMatch(/损坏[\s\S]*-2/));
    await detail.locator('[data-orders=detail-audit]').click();
    await page.locator('.arco-popconfirm:visible .arco-btn-primary').click();
    await eventually(async () => expect(await detail.locator('[data-orders=detail-history]').innerText()).toContain('调整出库'));
  });
  expect(pageErrors).toEqual([]);
});
