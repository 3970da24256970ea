/**
 * Scanning and printing on a phone (390 × 844, touch), as a picker works with a keyboard-wedge scanner
 * clipped to the phone: the master data and stock come from the API; then, in the pages —
 *
 * an outbound order scanned line after line with the keyboard alone (each scan is a burst of keys ~5 ms apart
 * ending in Enter): a bar code adds a line, the same bar code again adds 1 to it, a shelf code sets the shelf
 * of what follows, a GS1 string finds the product by its GTIN, an unknown code says so, a burst typed while the
 * focus is on the page still lands in the scan field, and a person typing slowly in the field works too; the
 * focus stays in the scan field throughout; the order is saved and the server has exactly those lines. The same
 * once more in English on the dark theme. Then the order's detail prints its picking list (a new tab with the
 * PDF, in the page's language, carrying the order number) and its delivery note, the product list prints labels
 * of the selected rows, and the stock page is shown at phone width.
 *
 * Screenshots of every step: test-output/screenshots/scan-print/.
 */
import type { Locator, Page } from 'playwright-core';
import { compact, readPdf } from '../support/pdf';
import { browserSpec, PHONE } from './support/browser';
import { adminApi, type Row } from './support/api';
import { chooseFromHoverMenu, currentPage, eventually, expectPath, goHash, rows, settled, signIn } from './support/admin';
import { serverInfo } from './support/server';

const { test } = browserSpec('scan-print', PHONE);

/** The master data of one run, names with a suffix so a reused server still works; stock on both shelves. */
async function warehouse(suffix: string) {
  const api = await adminApi();
  const warehouse = await api.add('Warehouse', { name: `扫码仓 ${suffix}`, serial_no: `SW${suffix}` });
  const area = await api.add('WarehouseArea', { warehouse_id: warehouse.id, name: 'A区', serial_no: 'A' });
  const shelf1 = await api.add('Shelf', { warehouse_id: warehouse.id, warehouse_area_id: area.id, name: '一号架', serial_no: `S1-${suffix}` });
  const shelf2 = await api.add('Shelf', { warehouse_id: warehouse.id, warehouse_area_id: area.id, name: '二号架', serial_no: `S2-${suffix}` });
  const unit = await api.add('Unit', { name: `件 ${suffix}` });
  // EAN-13 bar codes with valid check digits, distinct per run
  const ean = (n: number) => {
    const body = `69${suffix.padStart(6, '0').slice(-6)}${String(n).padStart(4, '0')}`;
    const sum = [...body].reduce((total, digit, i) => total + Number(digit) * (i % 2 ? 3 : 1), 0);
    return `${body}${(10 - (sum % 10)) % 10}`;
  };
  const tea = await api.add('Product', { product_no: `TEA-${suffix}`, bar_code: ean(1), name: '铁观音茶叶', spec: '250g', unit_id: unit.id, price: '88.00', warehouse_id: warehouse.id, warehouse_area_id: area.id, warehouse_shelf_id: shelf1.id });
  const cup = await api.add('Product', { product_no: `CUP-${suffix}`, bar_code: ean(2), name: '白瓷茶杯', spec: '6只装', unit_id: unit.id, price: '45.50' });
  const tray = await api.add('Product', { product_no: `TRAY-${suffix}`, name: '竹制茶盘', spec: '40cm', unit_id: unit.id, price: '120.00' });
  const customer = await api.add('Customer', { name: `茶馆 ${suffix}` });
  const supplier = await api.add('Supplier', { name: `茶厂 ${suffix}` });
  const inbound = await api.add('Inbound', {
    supplier_id: supplier.id,
    type: 10,
    lines: [tea, cup, tray].flatMap((p) => [shelf1, shelf2].map((s) => ({ product_id: p.id, warehouse_shelf_id: s.id, plan_quantity: 50, actual_quantity: 50, price: p.price }))),
  });
  await api.post('wms.Inbound', 'audit', { id: inbound.id });
  return { api, warehouse, area, shelf1, shelf2, unit, tea, cup, tray, customer, supplier };
}

type Data = Awaited<ReturnType<typeof warehouse>>;

function form(page: Page): Locator {
  return page.locator('[data-orders=order-form]:visible .arco-drawer');
}

function lineRows(page: Page): Locator {
  // the lines are cards on a phone (a table elsewhere)
  return form(page).locator('[data-orders=line-editor] tbody tr.arco-table-tr, [data-orders=line-editor] [data-orders=line-card]');
}

function scanInput(page: Page): Locator {
  return form(page).locator('[data-orders=scan] input');
}

/** A keyboard-wedge scanner: the code as keys ~5 ms apart, then Enter, to whatever has the focus. */
async function wedge(page: Page, code: string): Promise<void> {
  await page.keyboard.type(code, { delay: 5 });
  await page.keyboard.press('Enter');
}

/** Whether the focus is in the scan field. */
async function focusInScanField(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const active = (globalThis as any).document.activeElement as { closest?: (s: string) => unknown } | null;
    return !!active?.closest?.('[data-orders=scan]') && (globalThis as any).document.activeElement.tagName === 'INPUT';
  });
}

/** The lines as [product name, issued quantity, shelf text] read from the editor. */
async function lines(page: Page): Promise<Array<[string, string, string]>> {
  const out: Array<[string, string, string]> = [];
  const all = lineRows(page);
  for (let i = 0; i < (await all.count()); i++) {
    const line = all.nth(i);
    out.push([
      // the product select shows "number · name": keep the name
      (await line.locator('[data-orders=line-product] .arco-select-view-value').innerText()).replace(/^.* · /, '').trim(),
      await line.locator('[data-orders=line-actual_quantity] input').inputValue(),
      (await line.locator('[data-orders=line-shelf-warehouse] [data-orders=shelf-select] .arco-select-view-value').innerText()).trim(),
    ]);
  }
  return out;
}

async function scanned(page: Page, expected: string | RegExp): Promise<void> {
  await eventually(async () => expect(await form(page).locator('[data-orders=scan] [role=status]').innerText()).toMatch(expected));
  expect(await focusInScanField(page)).toBe(true);
}

/** Opens the app with the language and theme chosen before it starts (as a returning user has them saved). */
async function openIn(page: Page, lang: 'zh-cn' | 'en', theme: 'light' | 'dark'): Promise<void> {
  await page.addInitScript(
    ([l, th]) => (globalThis as any).localStorage.setItem('storeConfig_v2', JSON.stringify({ layoutMode: 'Default', theme: th, menuCollapse: true, lang: l })),
    [lang, theme],
  );
}

async function outboundPage(page: Page): Promise<void> {
  await goHash(page, '/admin/wms/outbound');
  await expectPath(page, '/admin/wms/outbound');
  await settled(page);
}

async function pickCustomer(page: Page, name: string): Promise<void> {
  const select = form(page).locator('[data-orders=form-party]');
  await select.click();
  await select.locator('input').fill(name);
  await page.locator('.arco-select-popup:visible .arco-select-option').filter({ hasText: name }).first().click();
  await eventually(async () => expect(await page.locator('.arco-select-popup:visible').count()).toBe(0));
}

/** Loads a URL the app opened in a new tab the way that tab does (the token is in the URL) and reads the PDF. */
async function fetchPdf(url: string) {
  const res = await fetch(url);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  return readPdf(Buffer.from(await res.arrayBuffer()));
}

test('a picker scans an outbound order line after line with the keyboard alone, on a phone, in both languages and themes', async ({ page, step, shot, adminPassword, pageErrors }) => {
  const suffix = String(Date.now()).slice(-6);
  const d = await warehouse(suffix);
  await openIn(page, 'zh-cn', 'light');
  await signIn(page, adminPassword);

  await step('outbound orders on a phone', async () => {
    await outboundPage(page);
    // the page fits the phone: no sideways scrolling of the whole page
    expect(await page.evaluate(() => (globalThis as any).document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  await step('new order form with the scan field', async () => {
    await page.locator('[data-crud=add]:visible').click();
    await form(page).waitFor();
    await pickCustomer(page, d.customer.name);
    await scanInput(page).click();
    expect(await scanInput(page).getAttribute('placeholder')).toBe('扫描或输入商品条码、商品编号、货架编码，回车添加');
  });

  await step('scan a bar code: a line with the product, its price and default shelf', async () => {
    await wedge(page, d.tea.bar_code);
    await scanned(page, `已添加第 1 行：铁观音茶叶 × 1`);
    await eventually(async () => expect(await lines(page)).toEqual([['铁观音茶叶', '1', expect.stringContaining('一号架')]]));
  });

  await step('the same bar code twice more: 1 more each time, no new line', async () => {
    await wedge(page, d.tea.bar_code);
    await scanned(page, '第 1 行 铁观音茶叶 数量 +1，现为 2');
    await wedge(page, d.tea.bar_code);
    await scanned(page, '现为 3');
    await eventually(async () => expect((await lines(page)).map((l) => l[1])).toEqual(['3']));
  });

  await step('a shelf code, then two products: they go on that shelf', async () => {
    await wedge(page, d.shelf2.serial_no);
    await scanned(page, `货架已设为 扫码仓 ${suffix} / A区 / 二号架`);
    await eventually(async () => expect(await form(page).locator('[data-orders=scan-shelf]').innerText()).toContain('二号架'));
    await wedge(page, d.cup.bar_code);
    await scanned(page, '已添加第 2 行：白瓷茶杯 × 1');
    await wedge(page, d.tray.product_no);
    await scanned(page, '已添加第 3 行：竹制茶盘 × 1');
    // the selects show their labels once their options are loaded
    await eventually(async () => {
      const now = await lines(page);
      expect(now.map(([name, quantity]) => [name, quantity])).toEqual([
        ['铁观音茶叶', '3'],
        ['白瓷茶杯', '1'],
        ['竹制茶盘', '1'],
      ]);
      expect(now[1][2]).toContain('二号架');
      expect(now[2][2]).toContain('二号架');
    });
  });

  await step('a GS1 string (GTIN-14 of the bar code, lot, expiry) adds to the cup on this shelf', async () => {
    await wedge(page, `(01)0${d.cup.bar_code}(17)271231(10)LOT7`);
    await scanned(page, '第 2 行 白瓷茶杯 数量 +1，现为 2');
  });

  await step('an unknown code is named, nothing changes, the field keeps the focus', async () => {
    await wedge(page, 'NO-SUCH-CODE');
    await scanned(page, '无法识别的条码：NO-SUCH-CODE');
    await eventually(async () => expect(await lines(page)).toHaveLength(3));
    expect(await form(page).locator('[data-orders=scan-error]').count()).toBe(1);
  });

  await step('the focus dropped to the page: a scanner burst still lands in the scan field', async () => {
    await form(page).locator('.arco-drawer-header').click();
    expect(await focusInScanField(page)).toBe(false);
    await wedge(page, d.cup.bar_code);
    await scanned(page, '现为 3');
  });

  await step('a person typing slowly in the field works too', async () => {
    await scanInput(page).pressSequentially(d.tray.product_no, { delay: 90 });
    await page.keyboard.press('Enter');
    await scanned(page, '第 3 行 竹制茶盘 数量 +1，现为 2');
    await eventually(async () => expect((await lines(page)).map((l) => l[1])).toEqual(['3', '3', '2']));
    await shot('scanned lines');
  });

  let orderNo = '';
  await step('save: the server has exactly the scanned lines', async () => {
    await form(page).locator('[data-orders=form-submit]').click();
    await form(page).waitFor({ state: 'hidden' });
    const list = await d.api.get('wms.Outbound', 'index', { quickSearch: '', limit: 5, order: 'id,desc' });
    const created = list.list.find((o: Row) => o.customer?.name === d.customer.name);
    expect(created).toBeTruthy();
    orderNo = created.outbound_no;
    const order = (await d.api.get('wms.Outbound', 'edit', { id: created.id })).row;
    expect(order.lines.map((l: Row) => [l.product.name, l.actual_quantity, l.plan_quantity, l.shelf.name, l.price])).toEqual([
      ['铁观音茶叶', 3, 3, '一号架', '88.00'],
      ['白瓷茶杯', 3, 3, '二号架', '45.50'],
      ['竹制茶盘', 2, 2, '二号架', '120.00'],
    ]);
    await settled(page);
    await eventually(async () => expect(await rows(page).filter({ hasText: orderNo }).count()).toBe(1));
  });

  await step('in English on the dark theme: the scan field, a scan and its line', async () => {
    // switched in the top bar, as the user does
    await page.locator('[data-testid=theme-switch]').click();
    await eventually(async () => expect(await page.locator('body').getAttribute('arco-theme')).toBe('dark'));
    await chooseFromHoverMenu(page.locator('[data-testid=lang-switch]'), 'English');
    await eventually(async () => expect(await page.locator('[data-crud=add]:visible').innerText()).toBe('Add'));
    await settled(page);
    await page.locator('[data-crud=add]:visible').click();
    await form(page).waitFor();
    await scanInput(page).click();
    await wedge(page, d.cup.bar_code);
    await scanned(page, 'Line 1 added: 白瓷茶杯 × 1');
    await wedge(page, d.cup.bar_code);
    await scanned(page, 'Line 1, 白瓷茶杯: now 2');
    await wedge(page, 'NOPE');
    await scanned(page, 'Unknown code: NOPE');
    expect(await scanInput(page).getAttribute('placeholder')).toBe('Scan or type a bar code, product no. or shelf code, then Enter');
    // a phone offers the camera too
    expect(await form(page).locator('[data-orders=scan-camera]').count()).toBe(1);
  });

  await step('cancel the English form', async () => {
    await form(page).locator('[data-orders=form-cancel]').click();
    await form(page).waitFor({ state: 'hidden' });
  });
  expect(pageErrors).toEqual([]);
});

test('the order detail prints a picking list and a delivery note; the product list prints labels; the stock page fits a phone', async ({ page, step, adminPassword, pageErrors }) => {
  const suffix = String(Date.now()).slice(-6);
  const d = await warehouse(suffix);
  const order = await d.api.add('Outbound', {
    order_sn: `SO-${suffix}`,
    customer_id: d.customer.id,
    type: 10,
    lines: [
      { product_id: d.cup.id, warehouse_shelf_id: d.shelf2.id, plan_quantity: 2, actual_quantity: 2, price: '45.50' },
      { product_id: d.tea.id, warehouse_shelf_id: d.shelf1.id, plan_quantity: 1, actual_quantity: 1, price: '88.00' },
    ],
  });
  await openIn(page, 'zh-cn', 'light');
  await signIn(page, adminPassword);

  await step('the order detail on a phone, with its print buttons', async () => {
    await outboundPage(page);
    await currentPage(page).locator('[data-crud=quick-search] input, input[data-crud=quick-search]').first().fill(order.outbound_no);
    await page.keyboard.press('Enter');
    await settled(page);
    await rows(page).filter({ hasText: order.outbound_no }).locator('[data-crud=row-view]').click();
    const detail = page.locator('[data-orders=order-detail]:visible .arco-drawer');
    await detail.locator('[data-orders=detail-number]').waitFor();
    expect(await detail.locator('[data-orders=print-picking]').innerText()).toContain('打印拣货单');
  });

  await step('print the picking list: a new tab with the PDF, in Chinese, carrying the order number', async () => {
    const detail = page.locator('[data-orders=order-detail]:visible .arco-drawer');
    const [tab] = await Promise.all([page.context().waitForEvent('page'), detail.locator('[data-orders=print-picking]').click()]);
    const url = tab.url() === 'about:blank' ? await tab.waitForURL(/print/).then(() => tab.url()) : tab.url();
    expect(url).toContain(`/admin/wms.Outbound/print?id=${order.id}&format=pdf&doc=picking`);
    expect(url).toMatch(/[?&]batoken=[^&]+&server=1&lang=zh-cn$/);
    const pdf = await fetchPdf(url);
    expect(pdf.info.Title).toBe(`拣货单 ${order.outbound_no}`);
    const text = compact(pdf.text);
    expect(text).toContain(order.outbound_no);
    expect(text).toContain(compact('铁观音茶叶'));
    // the walk: shelf S1 before S2
    expect(text.indexOf('一号架')).toBeLessThan(text.indexOf('二号架'));
    await tab.close();
  });

  await step('print the delivery note in English', async () => {
    await page.evaluate(() => {
      const store = JSON.parse((globalThis as any).localStorage.getItem('storeConfig_v2'));
      return store;
    });
    const detail = page.locator('[data-orders=order-detail]:visible .arco-drawer');
    const [tab] = await Promise.all([page.context().waitForEvent('page'), detail.locator('[data-orders=print-delivery]').click()]);
    await tab.waitForURL(/print/);
    const pdf = await fetchPdf(tab.url().replace('lang=zh-cn', 'lang=en'));
    expect(compact(pdf.text)).toContain(compact(`Delivery note ${order.outbound_no}`.replace(' ', '')));
    expect(compact(pdf.text)).toContain(compact('Total amount: 179.00'));
    await tab.close();
    await page.keyboard.press('Escape');
  });

  await step('labels of the selected products: a PDF of A4 label sheets in a new tab', async () => {
    await goHash(page, '/admin/wms/product');
    await expectPath(page, '/admin/wms/product');
    await settled(page);
    await currentPage(page).locator('[data-crud=quick-search] input, input[data-crud=quick-search]').first().fill(suffix);
    await page.keyboard.press('Enter');
    await settled(page);
    const products = rows(page);
    await eventually(async () => expect(await products.count()).toBe(3));
    for (let i = 0; i < 3; i++) await products.nth(i).locator('.arco-checkbox').click();
    await page.locator('[data-testid=labels]:visible').click();
    const [tab] = await Promise.all([page.context().waitForEvent('page'), page.locator('[data-testid=labels-a4]').click()]);
    await tab.waitForURL(/labels/);
    const pdf = await fetchPdf(tab.url());
    expect(pdf.info.Title).toBe('商品标签');
    for (const product of [d.tea, d.cup, d.tray]) expect(compact(pdf.text)).toContain(compact(product.name));
    await tab.close();
  });

  await step('the stock page at phone width', async () => {
    await goHash(page, '/admin/wms/stock');
    await expectPath(page, '/admin/wms/stock');
    await settled(page);
    expect(await page.evaluate(() => (globalThis as any).document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
  expect(pageErrors).toEqual([]);
  void serverInfo;
});
