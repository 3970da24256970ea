/**
 * Warehouse operations in the browser, as a warehouse clerk works them: the master data comes from the API
 * (warehouse, area, two shelves, unit, two products with prices and safety stock, supplier, customer,
 * carrier); everything else goes through the pages:
 *
 * inbound order with two lines in the line editor (product and shelf selects, quantities, prefilled
 * prices, line and order totals) → audited with its confirmation → the stock page shows the quantities and
 * highlights the product under its safety stock → outbound order → audited → shipped in the ship dialog
 * (carrier, courier number) → relocation of two lines → audited → partly moved in the move dialog →
 * moved completely → the inventory history shows every movement with its sign, form type and balance;
 * filtered by order number; the CSV export (UTF-8 BOM, header row). Then the key screens once more in
 * English and in the dark theme.
 *
 * Screenshots of every step: test-output/screenshots/operations/.
 */
import ExcelJS from 'exceljs';
import type { Download, Locator, Page } from 'playwright-core';
import { browserSpec } from './support/browser';
import { adminApi, type Row } from './support/api';
import { chooseFromHoverMenu, currentPage, eventually, expectPath, openMenu, rows, settled, signIn, table } from './support/admin';

const { test } = browserSpec('operations');

const ZH = {
  operations: '仓库作业',
  inbound: '入库单',
  outbound: '出库单',
  relocation: '移库单',
  stock: '库存查询',
  history: '库存流水',
};
const EN = {
  operations: 'Warehouse operations',
  inbound: 'Inbound orders',
  outbound: 'Outbound orders',
  relocation: 'Relocation orders',
  stock: 'Stock',
  history: 'Inventory history',
};

/** The master data of one run; names carry a suffix so a reused server (WMS_BROWSER_BASE_URL) still works. */
async function masterData(suffix: string) {
  const api = await adminApi();
  const warehouse = await api.add('Warehouse', { name: `华东成品仓 ${suffix}`, serial_no: `W${suffix}` });
  const area = await api.add('WarehouseArea', { warehouse_id: warehouse.id, name: 'A区', serial_no: 'A' });
  const shelf1 = await api.add('Shelf', { warehouse_id: warehouse.id, warehouse_area_id: area.id, name: 'A-01', serial_no: 'A01' });
  const shelf2 = await api.add('Shelf', { warehouse_id: warehouse.id, warehouse_area_id: area.id, name: 'A-02', serial_no: 'A02' });
  // a unit named just 箱 (its name is unique: a reused server already has it after the first run)
  const unit = await api.add('Unit', { name: '箱' }).catch(() => api.add('Unit', { name: `箱 ${suffix}` }));
  const bolt = await api.add('Product', { product_no: `B${suffix}`, name: '六角螺栓', spec: 'M8×40', unit_id: unit.id, price: '12.50', safety_stock_num: 20 });
  const bearing = await api.add('Product', { product_no: `Z${suffix}`, name: '深沟球轴承', spec: '6204', unit_id: unit.id, price: '3.20', safety_stock_num: 100 });
  const supplier = await api.add('Supplier', { name: `华东五金 ${suffix}` });
  const customer = await api.add('Customer', { name: `宏达机械 ${suffix}` });
  const carrier = await api.add('Carrier', { name: `顺丰速运 ${suffix}` });
  return { warehouse, area, shelf1, shelf2, unit, bolt, bearing, supplier, customer, carrier };
}

type Data = Awaited<ReturnType<typeof masterData>>;

// ---------------------------------------------------------------------------------------------- helpers

/** The popups of the selects that are open now (one, or two while one fades out). */
function openPopups(page: Page): Locator {
  return page.locator('.arco-select-popup:visible');
}

/**
 * Opens a (remote) select, types `search` when given (the remote search), and clicks the option whose text
 * matches `option`; waits until no select popup is left, so the next select starts clean.
 */
async function choose(page: Page, select: Locator, option: string | RegExp, search?: string): Promise<void> {
  await select.click();
  if (search !== undefined) await select.locator('input').fill(search);
  const pick = () => openPopups(page).locator('.arco-select-option').filter({ hasText: option }).first();
  await pick().click();
  await eventually(async () => {
    // a remote search that answers after the click redraws the options under the pointer: pick again
    if (await openPopups(page).count()) await pick().click({ timeout: 2_000 }).catch(() => undefined);
    expect(await select.getAttribute('class')).not.toContain('arco-select-open');
    expect(await openPopups(page).count()).toBe(0);
  });
}

/** The order form drawer (add / edit) while it is open. */
function form(page: Page): Locator {
  return page.locator('[data-orders=order-form]:visible .arco-drawer');
}

/** The order detail drawer while it is open. */
function detail(page: Page): Locator {
  return page.locator('[data-orders=order-detail]:visible .arco-drawer');
}

function lineRows(scope: Locator): Locator {
  return scope.locator('[data-orders=line-editor] tbody tr.arco-table-tr');
}

async function text(locator: Locator): Promise<string> {
  return (await locator.innerText()).replace(/\s+/g, ' ').trim();
}

/** The list row of an order, found by its reference number (关联单号). */
function orderRow(page: Page, orderSn: string): Locator {
  return rows(page).filter({ hasText: orderSn });
}

/** The row's tag texts (type, audit status, shipment or move status …). */
async function tags(row: Locator): Promise<string[]> {
  return (await row.locator('.arco-tag').allInnerTexts()).map((t) => t.trim());
}

/** Clicks a row button with a confirmation (Popconfirm) and confirms it; answers the confirmation text. */
async function confirmRowAction(page: Page, row: Locator, action: string): Promise<string> {
  await row.locator(`[data-crud=row-${action}]`).click();
  const pop = page.locator('.arco-popconfirm:visible');
  await pop.waitFor();
  const question = await text(pop.locator('.arco-popconfirm-title'));
  await pop.locator('.arco-btn-primary').click();
  await pop.waitFor({ state: 'hidden' });
  return question;
}

async function openPage(page: Page, folder: string, title: string, path: string): Promise<void> {
  await openMenu(page, folder, title);
  await expectPath(page, path);
  await settled(page);
}

/** Picks the product of a line (searching by its number), then the warehouse and a shelf of it. */
async function fillGoodsLine(page: Page, line: Locator, d: Data, product: Row, shelf: Row, pickWarehouse: boolean): Promise<void> {
  await choose(page, line.locator('[data-orders=product-select]'), product.product_no, product.product_no);
  if (pickWarehouse) await choose(page, line.locator('[data-orders=warehouse-select]'), d.warehouse.name);
  // narrowed to the warehouse: "area / shelf (serial)"
  await choose(page, line.locator('[data-orders=shelf-select]'), new RegExp(`^A区 / ${shelf.name} \\(${shelf.serial_no}\\)`));
}

async function typeNumber(input: Locator, value: number): Promise<void> {
  await input.fill(String(value));
  await input.press('Tab');
}

/** Column titles of the inventory history read by `historyRows`, in both languages. */
const ZH_HISTORY = ['单据编号', '业务类型', '商品', '库位', '变动数量', '金额', '结存'];
const EN_HISTORY = ['Order no.', 'Movement', 'Product', 'Location', 'Change', 'Amount', 'Balance'];

interface HistoryRow {
  orderNo: string;
  formType: string;
  /** the product's name and number */
  product: string;
  location: string;
  /** the signed change as shown ("+120", "-8") and the sign the cell carries (`data-sign`) */
  change: string;
  sign: string;
  amount: string;
  balance: string;
}

/** The inventory-history rows on the page, read in one go, by the columns' titles. */
async function historyRows(page: Page, titles = ZH_HISTORY): Promise<HistoryRow[]> {
  const headers = (await table(page).locator('thead th').allInnerTexts()).map((t) => t.trim());
  const [orderNo, formType, product, location, change, amount, balance] = titles.map((title) => {
    const i = headers.indexOf(title);
    if (i < 0) throw new Error(`no column ${title} in ${headers.join(', ')}`);
    return i;
  });
  // the specs compile without the DOM library: the elements are typed as far as they are used
  type Cell = { innerText: string; querySelector(s: string): { getAttribute(a: string): string | null } | null };
  const cells = await rows(page).evaluateAll((trs) =>
    trs.map((tr) =>
      Array.from((tr as unknown as { cells: ArrayLike<Cell> }).cells).map((td) => ({
        text: td.innerText.replace(/\s+/g, ' ').trim(),
        sign: td.querySelector('[data-sign]')?.getAttribute('data-sign') ?? '',
      })),
    ),
  );
  return cells.map((c) => ({
    orderNo: c[orderNo].text,
    formType: c[formType].text,
    product: c[product].text,
    location: c[location].text,
    change: c[change].text,
    sign: c[change].sign,
    amount: c[amount].text,
    balance: c[balance].text,
  }));
}

// ------------------------------------------------------------------------------------------------ spec

test('inbound → audit → stock → outbound → audit → ship → relocation moved in two steps → inventory history and its export', async ({ page, step, adminPassword, pageErrors }) => {
  const suffix = Date.now().toString(36).slice(-5).toUpperCase();
  const d = await masterData(suffix);
  const sn = { inbound: `PO-${suffix}`, outbound: `SO-${suffix}`, relocation: `MV-${suffix}` };
  const numbers = { inbound: '', outbound: '', relocation: '' };

  await signIn(page, adminPassword);
  await settled(page);

  // ------------------------------------------------------------------------------------- inbound
  await step('inbound list', async () => {
    await openPage(page, ZH.operations, ZH.inbound, '/admin/wms/inbound');
    await currentPage(page).locator('[data-orders=inbound-page]').waitFor();
  });

  await step('inbound form two lines', async () => {
    await currentPage(page).locator('[data-crud=add]').click();
    const f = form(page);
    await f.waitFor();
    expect(await text(f.locator('.arco-drawer-header-title'))).toBe('添加入库单');
    await f.locator('[data-orders=form-order-sn]').fill(sn.inbound);
    await choose(page, f.locator('[data-orders=form-party]'), d.supplier.name, suffix);
    // purchase is the default type
    expect(await text(f.locator('[data-orders=form-type] .arco-radio-checked'))).toBe('采购入库');

    // line 1: bolts on A-01, 120 planned; the received quantity follows the plan, the price comes from the product
    const line1 = lineRows(f).nth(0);
    await fillGoodsLine(page, line1, d, d.bolt, d.shelf1, true);
    await eventually(async () => {
      expect(await line1.locator('[data-orders=line-price] input').inputValue()).toBe('12.50');
      expect(await text(line1.locator('[data-orders=line-product]'))).toContain('在库 0');
    });
    await typeNumber(line1.locator('[data-orders=line-plan_quantity] input'), 120);
    await eventually(async () => expect(await line1.locator('[data-orders=line-actual_quantity] input').inputValue()).toBe('120'));
    expect(await text(line1.locator('[data-orders=line-total]'))).toBe('1,500.00');

    // line 2 starts in the warehouse of line 1: bearings on A-01, 40 planned, 36 received
    await f.locator('[data-orders=add-line]').click();
    const line2 = lineRows(f).nth(1);
    await line2.waitFor();
    await eventually(async () => expect(await text(line2.locator('[data-orders=warehouse-select]'))).toBe(d.warehouse.name));
    await fillGoodsLine(page, line2, d, d.bearing, d.shelf1, false);
    await eventually(async () => expect(await line2.locator('[data-orders=line-price] input').inputValue()).toBe('3.20'));
    await typeNumber(line2.locator('[data-orders=line-plan_quantity] input'), 40);
    await typeNumber(line2.locator('[data-orders=line-actual_quantity] input'), 36);
    await eventually(async () => expect(await text(line2.locator('[data-orders=line-total]'))).toBe('115.20'));

    expect(await text(f.locator('[data-orders=total-lines]'))).toBe('2');
    expect(await text(f.locator('[data-orders=total-plan]'))).toBe('160');
    expect(await text(f.locator('[data-orders=total-actual]'))).toBe('156');
    expect(await text(f.locator('[data-orders=total-amount]'))).toBe('1,615.20');
    expect(await f.locator('[data-orders=line-error]').count()).toBe(0);
  });

  await step('inbound saved unaudited', async () => {
    await form(page).locator('[data-orders=form-submit]').click();
    await form(page).waitFor({ state: 'hidden' });
    const row = orderRow(page, sn.inbound);
    await row.waitFor();
    numbers.inbound = await text(row.locator('[data-orders=number-link]'));
    expect(numbers.inbound).toMatch(/\S+/);
    expect(await tags(row)).toEqual(expect.arrayContaining(['采购入库', '未审核']));
    expect(await text(row)).toContain(d.supplier.name);
    // unaudited: edit, delete and audit are offered
    for (const b of ['row-view', 'row-audit', 'row-edit', 'row-delete']) expect(await row.locator(`[data-crud=${b}]`).count()).toBe(1);
  });

  await step('inbound audit confirmation', async () => {
    const row = orderRow(page, sn.inbound);
    await row.locator('[data-crud=row-audit]').click();
    const pop = page.locator('.arco-popconfirm:visible');
    await pop.waitFor();
    expect(await text(pop)).toContain('审核后商品将入库并计入库存');
  });

  await step('inbound audited', async () => {
    await page.locator('.arco-popconfirm:visible .arco-btn-primary').click();
    const row = orderRow(page, sn.inbound);
    await eventually(async () => expect(await tags(row)).toContain('已审核'));
    // audited orders are immutable
    expect(await row.locator('[data-crud=row-edit], [data-crud=row-delete], [data-crud=row-audit]').count()).toBe(0);
  });

  await step('inbound list exported to Excel', async () => {
    await currentPage(page).locator('[data-orders=inbound-export]').click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('[data-orders=inbound-export-xlsx]').click()]);
    expect(download.suggestedFilename()).toMatch(/^入库单-\d{8}-\d{6}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await downloadBytes(download)) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['单号', '关联单号', '供应商', '类型', '审核状态', '制单人', '创建时间', '审核时间', '备注']);
    const found: unknown[][] = [];
    sheet.eachRow((row) => {
      const values = (row.values as unknown[]).slice(1);
      if (values[0] === numbers.inbound) found.push(values);
    });
    expect(found).toHaveLength(1);
    expect(found[0].slice(1, 5)).toEqual([sn.inbound, d.supplier.name, '采购入库', '已审核']);
  });

  await step('inbound detail with history', async () => {
    await orderRow(page, sn.inbound).locator('[data-orders=number-link]').click();
    const dd = detail(page);
    await dd.waitFor();
    expect(await text(dd.locator('[data-orders=detail-number]'))).toBe(numbers.inbound);
    expect(await text(dd.locator('[data-orders=detail-amount]'))).toBe('1,615.20');
    const history = dd.locator('[data-orders=detail-history] tbody tr.arco-table-tr');
    await eventually(async () => expect(await history.count()).toBe(2));
    const texts = await Promise.all([0, 1].map((i) => text(history.nth(i))));
    expect(texts.join(' | ')).toMatch(/采购入库.*六角螺栓.*\+120.*\+1,500\.00.*120/);
    expect(texts.join(' | ')).toMatch(/采购入库.*深沟球轴承.*\+36.*\+115\.20.*36/);
    await dd.locator('.arco-drawer-footer button').last().click();
    await dd.waitFor({ state: 'hidden' });
  });

  // --------------------------------------------------------------------------------------- stock
  await step('stock visible with low stock', async () => {
    await openPage(page, ZH.operations, ZH.stock, '/admin/wms/stock');
    await currentPage(page).locator('[data-orders=stock-filters] input').first().fill(suffix);
    await currentPage(page).locator('[data-orders=stock-filters] input').first().press('Enter');
    const bolt = rows(page).filter({ hasText: d.bolt.product_no });
    const bearing = rows(page).filter({ hasText: d.bearing.product_no });
    await eventually(async () => expect(await rows(page).count()).toBe(2));
    expect(await text(bolt)).toMatch(/A-01.*120.*120 \/ 20/);
    expect(await text(bearing)).toMatch(/A-01.*36.*36 \/ 100/);
    // the bearings are under their safety stock of 100: the row is highlighted and tagged
    expect(await bearing.getAttribute('class')).toContain('stock-row-low');
    expect(await text(bearing.locator('[data-orders=low-stock]'))).toBe('低于安全库存');
    expect(await bolt.getAttribute('class')).not.toContain('stock-row-low');
    expect(await bolt.locator('[data-orders=low-stock]').count()).toBe(0);
  });

  await step('stock low only', async () => {
    await currentPage(page).locator('[data-orders=stock-low]').click();
    await eventually(async () => {
      expect(await rows(page).count()).toBe(1);
      expect(await text(rows(page).first())).toContain(d.bearing.product_no);
    });
    await currentPage(page).locator('[data-orders=stock-low]').click();
    await eventually(async () => expect(await rows(page).count()).toBe(2));
  });

  await step('stock reserved and available: an order reserves 7 bolts and every bearing; "available only" hides the bearings', async () => {
    const api = await adminApi();
    const reserve = async (lines: Array<[number, number]>) => {
      const order = await api.add('Outbound', { customer_id: d.customer.id, type: 10, warehouse_id: d.warehouse.id, lines: lines.map(([product_id, quantity]) => ({ product_id, plan_quantity: quantity, actual_quantity: quantity, price: '1.00' })) });
      await api.post('wms.Outbound', 'reserve', { id: order.id });
      return order.id as number;
    };
    const reserved = [await reserve([[d.bolt.id, 7]]), await reserve([[d.bearing.id, 36]])];
    await currentPage(page).locator('[data-crud=refresh]').first().click();
    const bolt = rows(page).filter({ hasText: d.bolt.product_no });
    // on hand, reserved, available
    await eventually(async () => expect(await text(bolt)).toMatch(/120\s+7\s+113/));
    expect(await text(rows(page).filter({ hasText: d.bearing.product_no }))).toMatch(/36\s+36\s+0/);
    await currentPage(page).locator('[data-orders=stock-available]').click();
    await eventually(async () => {
      expect(await rows(page).count()).toBe(1);
      expect(await text(rows(page).first())).toContain(d.bolt.product_no);
    });
    await currentPage(page).locator('[data-orders=stock-available]').click();
    for (const id of reserved) await api.post('wms.Outbound', 'unreserve', { id });
    await currentPage(page).locator('[data-crud=refresh]').first().click();
    await eventually(async () => expect(await text(rows(page).filter({ hasText: d.bolt.product_no }))).toMatch(/120\s+0\s+120/));
    expect(await rows(page).count()).toBe(2);
  });

  // ------------------------------------------------------------------------------------ outbound
  await step('outbound form', async () => {
    await openPage(page, ZH.operations, ZH.outbound, '/admin/wms/outbound');
    await currentPage(page).locator('[data-crud=add]').click();
    const f = form(page);
    await f.waitFor();
    expect(await text(f.locator('.arco-drawer-header-title'))).toBe('添加出库单');
    await f.locator('[data-orders=form-order-sn]').fill(sn.outbound);
    await choose(page, f.locator('[data-orders=form-party]'), d.customer.name, suffix);
    expect(await text(f.locator('[data-orders=form-type] .arco-radio-checked'))).toBe('销售出库');
    const line = lineRows(f).nth(0);
    await fillGoodsLine(page, line, d, d.bolt, d.shelf1, true);
    // the stock on hand shows under the product and beside the shelf
    await eventually(async () => expect(await text(line.locator('[data-orders=line-product]'))).toContain('在库 120'));
    await eventually(async () => expect(await text(line.locator('[data-orders=line-shelf-warehouse]'))).toContain('本货架 120'));
    await typeNumber(line.locator('[data-orders=line-plan_quantity] input'), 8);
    await eventually(async () => expect(await text(line.locator('[data-orders=line-total]'))).toBe('100.00'));
    expect(await line.locator('[data-orders=line-price] input').inputValue()).toBe('12.50');
    expect(await text(f.locator('[data-orders=total-amount]'))).toBe('100.00');
  });

  await step('outbound saved', async () => {
    await form(page).locator('[data-orders=form-submit]').click();
    await form(page).waitFor({ state: 'hidden' });
    const row = orderRow(page, sn.outbound);
    await row.waitFor();
    numbers.outbound = await text(row.locator('[data-orders=number-link]'));
    expect(await tags(row)).toEqual(expect.arrayContaining(['销售出库', '未审核', '未发货']));
    expect(await row.locator('[data-crud=row-ship]').count()).toBe(0);
  });

  await step('outbound audited', async () => {
    const row = orderRow(page, sn.outbound);
    expect(await confirmRowAction(page, row, 'audit')).toContain('审核后将从货架扣减库存');
    await eventually(async () => expect(await tags(row)).toEqual(expect.arrayContaining(['已审核', '未发货'])));
    expect(await row.locator('[data-crud=row-ship]').count()).toBe(1);
  });

  await step('ship dialog', async () => {
    await orderRow(page, sn.outbound).locator('[data-crud=row-ship]').click();
    const dialog = page.locator('.arco-modal:visible');
    await dialog.waitFor();
    expect(await text(dialog.locator('.arco-modal-title'))).toBe(`发货 ${numbers.outbound}`);
    // both fields are required
    await dialog.locator('.arco-modal-footer .arco-btn-primary').click();
    // each field's message shows when its own validation ends, so both are waited for
    await eventually(async () => {
      const shown = await text(dialog);
      expect(shown).toContain('请选择承运商');
      expect(shown).toContain('请输入快递单号');
    });
    await choose(page, dialog.locator('[data-orders=ship-carrier]'), d.carrier.name, suffix);
    await dialog.locator('input[data-orders=ship-courier]').fill(`SF${suffix}0042`);
    // the shipment time defaults to now
    expect(await dialog.locator('[data-orders=ship-time] input').inputValue()).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  await step('outbound shipped', async () => {
    await page.locator('.arco-modal:visible .arco-modal-footer .arco-btn-primary').click();
    await page.locator('.arco-modal:visible').waitFor({ state: 'hidden' });
    const row = orderRow(page, sn.outbound);
    await eventually(async () => expect(await tags(row)).toEqual(expect.arrayContaining(['已审核', '已发货'])));
    expect(await row.locator('[data-crud=row-ship]').count()).toBe(0);
    await row.locator('[data-orders=number-link]').click();
    const dd = detail(page);
    await dd.waitFor();
    await eventually(async () => {
      const shown = await text(dd.locator('.arco-descriptions'));
      expect(shown).toContain(d.carrier.name);
      expect(shown).toContain(`SF${suffix}0042`);
    });
    await eventually(async () => expect(await text(dd.locator('[data-orders=detail-history]'))).toMatch(/销售出库.*六角螺栓.*-8.*-100\.00.*112/));
    await dd.locator('.arco-drawer-footer button').last().click();
    await dd.waitFor({ state: 'hidden' });
  });

  // ---------------------------------------------------------------------------------- relocation
  await step('relocation form', async () => {
    await openPage(page, ZH.operations, ZH.relocation, '/admin/wms/relocation');
    await currentPage(page).locator('[data-crud=add]').click();
    const f = form(page);
    await f.waitFor();
    expect(await text(f.locator('.arco-drawer-header-title'))).toBe('添加移库单');
    await f.locator('[data-orders=form-order-sn]').fill(sn.relocation);
    const plan = [
      { product: d.bolt, quantity: 10 },
      { product: d.bearing, quantity: 6 },
    ];
    for (const [i, l] of plan.entries()) {
      if (i > 0) await f.locator('[data-orders=add-line]').click();
      const line = lineRows(f).nth(i);
      await line.waitFor();
      await choose(page, line.locator('[data-orders=product-select]'), l.product.product_no, l.product.product_no);
      const source = line.locator('[data-orders=line-shelf-source]');
      const target = line.locator('[data-orders=line-shelf-target]');
      if (i === 0) {
        await choose(page, source.locator('[data-orders=warehouse-select]'), d.warehouse.name);
        await choose(page, target.locator('[data-orders=warehouse-select]'), d.warehouse.name);
      }
      await choose(page, source.locator('[data-orders=shelf-select]'), /^A区 \/ A-01 /);
      await choose(page, target.locator('[data-orders=shelf-select]'), /^A区 \/ A-02 /);
      await typeNumber(line.locator('[data-orders=line-plan_quantity] input'), l.quantity);
    }
    await eventually(async () => expect(await text(lineRows(f).nth(0).locator('[data-orders=line-shelf-source]'))).toContain('本货架 112'));
    expect(await text(lineRows(f).nth(1).locator('[data-orders=line-shelf-source]'))).toContain('本货架 36');
    expect(await text(f.locator('[data-orders=total-plan]'))).toBe('16');
    expect(await f.locator('[data-orders=total-amount]').count()).toBe(0);
  });

  await step('relocation audited', async () => {
    await form(page).locator('[data-orders=form-submit]').click();
    await form(page).waitFor({ state: 'hidden' });
    const row = orderRow(page, sn.relocation);
    await row.waitFor();
    numbers.relocation = await text(row.locator('[data-orders=number-link]'));
    expect(await tags(row)).toEqual(expect.arrayContaining(['未审核', '未移库']));
    expect(await confirmRowAction(page, row, 'audit')).toContain('审核后即可按明细移库');
    await eventually(async () => expect(await tags(row)).toEqual(expect.arrayContaining(['已审核', '未移库'])));
    expect(await row.locator('[data-crud=row-move]').count()).toBe(1);
  });

  await step('move dialog part', async () => {
    await orderRow(page, sn.relocation).locator('[data-crud=row-move]').click();
    const dialog = page.locator('.arco-modal:visible');
    await dialog.waitFor();
    // the order's lines are read afresh when the dialog opens
    await eventually(async () => expect(await text(dialog.locator('.arco-modal-title'))).toBe(`移库 ${numbers.relocation}`));
    const lines = dialog.locator('.arco-table tbody tr.arco-table-tr');
    await eventually(async () => expect(await lines.count()).toBe(2));
    // planned / moved / remaining
    expect(await text(lines.nth(0))).toMatch(/六角螺栓.*A-01.*→.*A-02.*10 0 10/);
    await typeNumber(lines.nth(0).locator('[data-orders=move-quantity] input'), 4);
  });

  await step('partly moved', async () => {
    await page.locator('.arco-modal:visible [data-orders=move-submit]').click();
    await page.locator('.arco-modal:visible').waitFor({ state: 'hidden' });
    const row = orderRow(page, sn.relocation);
    await eventually(async () => expect(await tags(row)).toEqual(expect.arrayContaining(['已审核', '部分移库'])));
    expect(await row.locator('[data-crud=row-move]').count()).toBe(1);
  });

  await step('move the rest', async () => {
    await orderRow(page, sn.relocation).locator('[data-crud=row-move]').click();
    const dialog = page.locator('.arco-modal:visible');
    await dialog.waitFor();
    const lines = dialog.locator('.arco-table tbody tr.arco-table-tr');
    await eventually(async () => expect(await text(lines.nth(0))).toMatch(/10 4 6/));
    expect(await text(lines.nth(1))).toMatch(/深沟球轴承.*6 0 6/);
    await dialog.locator('[data-orders=move-fill]').click();
    await eventually(async () => expect(await lines.nth(0).locator('[data-orders=move-quantity] input').inputValue()).toBe('6'));
    expect(await lines.nth(1).locator('[data-orders=move-quantity] input').inputValue()).toBe('6');
  });

  await step('relocation completed', async () => {
    await page.locator('.arco-modal:visible [data-orders=move-submit]').click();
    await page.locator('.arco-modal:visible').waitFor({ state: 'hidden' });
    const row = orderRow(page, sn.relocation);
    await eventually(async () => expect(await tags(row)).toEqual(expect.arrayContaining(['已审核', '已完成'])));
    expect(await row.locator('[data-crud=row-move], [data-crud=row-cancel]').count()).toBe(0);
  });

  // ----------------------------------------------------------------------------- inventory history
  const pick = (r: HistoryRow) => [r.orderNo, r.formType, r.product.includes('六角螺栓') ? 'bolt' : 'bearing', r.location.includes('A-01') ? 'A-01' : 'A-02', r.change, r.sign, r.balance];
  // newest first
  const expected = [
    [numbers.relocation, '移库', 'bearing', 'A-02', '+6', '+', '6'],
    [numbers.relocation, '移库', 'bearing', 'A-01', '-6', '-', '30'],
    [numbers.relocation, '移库', 'bolt', 'A-02', '+6', '+', '10'],
    [numbers.relocation, '移库', 'bolt', 'A-01', '-6', '-', '102'],
    [numbers.relocation, '移库', 'bolt', 'A-02', '+4', '+', '4'],
    [numbers.relocation, '移库', 'bolt', 'A-01', '-4', '-', '108'],
    [numbers.outbound, '销售出库', 'bolt', 'A-01', '-8', '-', '112'],
    [numbers.inbound, '采购入库', 'bearing', 'A-01', '+36', '+', '36'],
    [numbers.inbound, '采购入库', 'bolt', 'A-01', '+120', '+', '120'],
  ];

  await step('inventory history', async () => {
    await openPage(page, ZH.operations, ZH.history, '/admin/wms/inventoryHistory');
    const quick = currentPage(page).locator('.crud-quick-search input');
    await quick.fill(suffix);
    await quick.press('Enter');
    await eventually(async () => expect(await rows(page).count()).toBe(expected.length));
    const got = await historyRows(page);
    const norm = (rowsIn: unknown[][]) => rowsIn.map((r) => r.join(' ')).sort();
    // every movement is there once (the two lines of one move may come in either order)
    expect(norm(got.map(pick))).toEqual(norm(expected));
    // newest first: the relocation rows, then the outbound row, then the inbound rows
    expect(got.map((r) => r.orderNo)).toEqual(expected.map((r) => r[0]));
    // amounts carry the sign of the movement
    const amountOf = (orderNo: string, product: string) => got.find((r) => r.orderNo === orderNo && r.product.includes(product))?.amount;
    expect(amountOf(numbers.inbound, '六角螺栓')).toBe('+1,500.00');
    expect(amountOf(numbers.inbound, '深沟球轴承')).toBe('+115.20');
    expect(amountOf(numbers.outbound, '六角螺栓')).toBe('-100.00');
    // the order numbers are shown whole, not cut off by the column's ellipsis
    type Box = { innerText: string; scrollWidth: number; clientWidth: number };
    const cut = await table(page)
      .locator('tbody .arco-table-cell')
      .evaluateAll((cells, nos) => (cells as unknown as Box[]).filter((c) => nos.includes(c.innerText.trim()) && c.scrollWidth > c.clientWidth).map((c) => c.innerText), Object.values(numbers));
    expect(cut).toEqual([]);
  });

  await step('history filtered by order number', async () => {
    await currentPage(page).locator('[data-crud=toggle-search]').click();
    const search = currentPage(page).locator('[data-crud=search-form]');
    await search.waitFor();
    const field = search.locator('.crud-search-item').filter({ has: page.locator('.crud-search-label', { hasText: /^单据编号$/ }) });
    await field.locator('input').fill(numbers.outbound);
    await search.locator('[data-crud=search-submit]').click();
    await eventually(async () => {
      expect(await rows(page).count()).toBe(1);
      const [only] = await historyRows(page);
      expect(pick(only)).toEqual(expected[6]);
    });
    await field.locator('input').fill(numbers.relocation);
    await search.locator('[data-crud=search-submit]').click();
    await eventually(async () => expect((await historyRows(page)).map((r) => r.orderNo)).toEqual(Array(6).fill(numbers.relocation)));
  });

  await step('history export', async () => {
    await currentPage(page).locator('[data-orders=history-export]').click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('[data-orders=history-export-csv]').click()]);
    const bytes = await downloadBytes(download);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(download.suggestedFilename()).toMatch(/^inventory-history-.*\.csv$/);
    const lines = bytes.subarray(3).toString('utf8').trim().split(/\r?\n/);
    expect(lines[0]).toBe('ID,审核时间,单号,类型,商品编号,商品名称,规格,单位,库位,变动数量,单价,金额,结存,操作人,批次号,有效期至');
    // what the list's filters select: the relocation's six movements, three out and three in, summing to 0
    const records = lines.slice(1).map((l) => l.split(','));
    expect(records).toHaveLength(6);
    for (const r of records) expect([r[2], r[3]]).toEqual([numbers.relocation, '移库']);
    const quantities = records.map((r) => Number(r[9]));
    expect(quantities.filter((q) => q < 0).sort()).toEqual([-4, -6, -6]);
    expect(quantities.filter((q) => q > 0).sort()).toEqual([4, 6, 6]);
    expect(records.map((r) => Number(r[12])).sort((a, b) => a - b)).toEqual([4, 6, 10, 30, 102, 108]);
  });

  // ------------------------------------------------------------------------- English, dark theme
  await step('english dark history', async () => {
    await chooseFromHoverMenu(page.locator('[data-testid=lang-switch]'), 'English');
    await page.locator('[data-testid=theme-switch]').click();
    await eventually(async () => expect(await page.locator('body').getAttribute('arco-theme')).toBe('dark'));
    await eventually(async () => expect(await text(table(page).locator('thead'))).toMatch(/Order no\..*Movement.*Change.*Amount.*Balance/));
    // without the order filter: all nine movements of the run, with their English form types
    await currentPage(page).locator('[data-crud=search-reset]').click();
    await eventually(async () => expect(await rows(page).count()).toBe(expected.length));
    const types = (await historyRows(page, EN_HISTORY)).map((r) => r.formType);
    expect(types).toEqual([...Array(6).fill('Stock move'), 'Sales outbound', 'Purchase inbound', 'Purchase inbound']);
    await page.mouse.move(700, 850);
    await page.waitForTimeout(300);
  });

  await step('english dark stock', async () => {
    await openPage(page, EN.operations, EN.stock, '/admin/wms/stock');
    await currentPage(page).locator('[data-orders=stock-filters] input').first().fill(suffix);
    await currentPage(page).locator('[data-orders=stock-filters] input').first().press('Enter');
    await eventually(async () => expect(await rows(page).count()).toBe(4));
    const low = rows(page).filter({ has: page.locator('[data-orders=low-stock]') });
    expect(await low.count()).toBe(2);
    expect(await text(low.first().locator('[data-orders=low-stock]'))).toBe('Below safety stock');
  });

  await step('english dark relocation detail', async () => {
    await openPage(page, EN.operations, EN.relocation, '/admin/wms/relocation');
    const row = orderRow(page, sn.relocation);
    await row.waitFor();
    expect(await tags(row)).toEqual(expect.arrayContaining(['Audited', 'Completed']));
    await row.locator('[data-orders=number-link]').click();
    const dd = detail(page);
    await dd.waitFor();
    await eventually(async () => expect(await dd.locator('[data-orders=detail-history] tbody tr.arco-table-tr').count()).toBe(6));
  });

  let inboundTotal = '';
  await step('english dark inbound form', async () => {
    await detail(page).locator('.arco-drawer-footer button').last().click();
    await detail(page).waitFor({ state: 'hidden' });
    await openPage(page, EN.operations, EN.inbound, '/admin/wms/inbound');
    await orderRow(page, sn.inbound).waitFor();
    inboundTotal = await text(currentPage(page).locator('.arco-pagination-total-text'));
    await currentPage(page).locator('[data-crud=add]').click();
    const f = form(page);
    await f.waitFor();
    expect(await text(f.locator('.arco-drawer-header-title'))).toMatch(/^Add /);
    const line = lineRows(f).nth(0);
    await fillGoodsLine(page, line, d, d.bearing, d.shelf2, true);
    await typeNumber(line.locator('[data-orders=line-plan_quantity] input'), 100);
    await eventually(async () => expect(await text(f.locator('[data-orders=total-amount]'))).toBe('320.00'));
    // a save without a supplier is refused in the form
    await f.locator('[data-orders=form-submit]').click();
    await f.locator('[data-orders=form-errors]').waitFor();
  });

  await step('english dark inbound form closed', async () => {
    await form(page).locator('[data-orders=form-cancel]').click();
    await form(page).waitFor({ state: 'hidden' });
    // nothing was saved
    expect(await text(currentPage(page).locator('.arco-pagination-total-text'))).toBe(inboundTotal);
    expect(await tags(orderRow(page, sn.inbound))).toEqual(expect.arrayContaining(['Purchase', 'Audited']));
  });

  expect(pageErrors).toEqual([]);
});

async function downloadBytes(download: Download): Promise<Buffer> {
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}
