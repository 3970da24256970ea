/**
 * The back office on a phone (390 × 844, touch), with the layout a desktop user saved (menu unfolded): the
 * menu folds into a drawer, the top bar fits, and the order, stock, stock count and form pages never scroll
 * sideways (document scrollWidth ≤ the viewport); a remote select never shows a bare id while its label
 * loads. Screenshots: test-output/screenshots/phone-layout/.
 */
import type { Page } from 'playwright-core';
import { adminApi } from './support/api';
import { eventually, expectPath, goHash, row, settled, signIn } from './support/admin';
import { browserSpec, PHONE } from './support/browser';

const { test } = browserSpec('phone-layout', PHONE);

const RUN = Date.now().toString(36).slice(-5).toUpperCase();

interface Widths {
  document: number;
  viewport: number;
}

async function widths(page: Page): Promise<Widths> {
  return page.evaluate(() => {
    const root = (globalThis as unknown as { document: { documentElement: { scrollWidth: number } }; innerWidth: number }).document.documentElement;
    return { document: root.scrollWidth, viewport: (globalThis as unknown as { innerWidth: number }).innerWidth };
  });
}

async function fitsThePhone(page: Page): Promise<void> {
  const w = await widths(page);
  expect(w.viewport).toBe(390);
  expect(w.document).toBeLessThanOrEqual(w.viewport);
}

/** scrollWidth - clientWidth of every element matched (0 each: nothing scrolls sideways). */
async function sidewaysScroll(page: Page, selector: string): Promise<number[]> {
  return page.locator(selector).evaluateAll((els) => (els as unknown as Array<{ scrollWidth: number; clientWidth: number }>).map((el) => el.scrollWidth - el.clientWidth));
}

test('the back office on a phone: folded menu, a top bar that fits, pages that never scroll sideways', async ({ page, step, adminPassword, pageErrors }) => {
  const api = await adminApi();
  const warehouse = await api.add('Warehouse', { name: `手机仓 ${RUN}`, serial_no: `PH-${RUN}` });
  const area = await api.add('WarehouseArea', { warehouse_id: warehouse.id, name: 'A区', serial_no: 'A' });
  const shelf = await api.add('Shelf', { warehouse_id: warehouse.id, warehouse_area_id: area.id, name: `PH-01 ${RUN}`, serial_no: 'PH-01' });
  const unit = await api.add('Unit', { name: `瓶 ${RUN}` });
  const product = await api.add('Product', { product_no: `PH-P-${RUN}`, name: `手机商品 ${RUN}`, unit_id: unit.id, price: '9.90' });
  const supplier = await api.add('Supplier', { name: `手机供应商 ${RUN}` });
  const order = await api.add('Inbound', { supplier_id: supplier.id, type: 10, lines: [{ product_id: product.id, warehouse_shelf_id: shelf.id, plan_quantity: 4, actual_quantity: 4, price: '9.90' }] });
  // the layout saved on a desktop: menu unfolded
  await page.addInitScript(() => (globalThis as any).localStorage.setItem('storeConfig_v2', JSON.stringify({ layoutMode: 'Default', theme: 'light', menuCollapse: false, lang: 'zh-cn' })));
  await signIn(page, adminPassword);

  await step('the menu is folded away and the top bar fits', async () => {
    await settled(page);
    expect(await page.locator('.ba-sider').count()).toBe(0);
    expect(await sidewaysScroll(page, '.ba-header')).toEqual([0]);
    const bar = await page.locator('.ba-header').boundingBox();
    const tools = await page.locator('.ba-header-tools').boundingBox();
    expect(tools!.x + tools!.width).toBeLessThanOrEqual(bar!.x + bar!.width);
    await fitsThePhone(page);
  });

  await step('the menu opens as a drawer and closes on a choice', async () => {
    await page.locator('[data-testid=menu-collapse]').click();
    const menu = page.locator('.ba-phone-menu .ba-side-menu');
    await menu.waitFor();
    await menu.locator('.arco-menu-inline-header', { hasText: '仓库作业' }).click();
    await menu.locator('.arco-menu-item', { hasText: /^\s*入库单\s*$/ }).click();
    await expectPath(page, '/admin/wms/inbound');
    await page.locator('.ba-phone-menu').waitFor({ state: 'hidden' });
    await settled(page);
    await fitsThePhone(page);
  });

  await step('an order opened for editing: labels load without showing bare ids, the lines fit', async () => {
    // hold the label requests of the selects (initValue) until the form has been looked at
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route((url) => url.searchParams.has('initValue'), async (route) => {
      await held;
      await route.continue();
    });
    await row(page, order.receipt_no).locator('[data-crud=row-edit]').click();
    const form = page.locator('[data-orders=order-form]:visible .arco-drawer');
    await form.locator('[data-orders=line-card]').first().waitFor();
    const shown = () => form.locator('.arco-select-view-value').allInnerTexts();
    const whileLoading = (await shown()).map((s) => s.trim());
    expect(whileLoading.filter((s) => /^#?\d+$/.test(s))).toEqual([]);
    expect(whileLoading).toContain('加载中…');
    release();
    // every select answers its own label request: wait until all of them have, not only the product's
    await eventually(async () => {
      const labels = (await shown()).map((s) => s.trim());
      expect(labels.join(' ')).toContain(product.name);
      expect(labels.filter((s) => /^#?\d+$/.test(s) || s === '加载中…')).toEqual([]);
    });
    await page.unroute((url) => url.searchParams.has('initValue'));
    expect(await sidewaysScroll(page, '[data-orders=order-form]:visible .arco-drawer-content')).toEqual([0]);
    await fitsThePhone(page);
    await form.locator('[data-orders=form-cancel]').click();
  });

  await step('the stock page fits, its filters side by side without covering each other', async () => {
    await goHash(page, '/admin/wms/stock');
    await expectPath(page, '/admin/wms/stock');
    await settled(page);
    await page.locator('.ba-page:visible .stock-filters [data-crud=quick-search]').waitFor();
    await fitsThePhone(page);
    const boxes = await page
      .locator('.ba-page:visible .stock-filters > .arco-space-item > *')
      .evaluateAll((els) => (els as unknown as Array<{ getBoundingClientRect(): { left: number; right: number; top: number; bottom: number } }>).map((el) => el.getBoundingClientRect()));
    expect(boxes.length).toBeGreaterThan(3);
    const overlaps = boxes.flatMap((a, i) => boxes.slice(i + 1).filter((b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1).map(() => i));
    expect(overlaps).toEqual([]);
  });

  await step('the stock count page fits, and so does its form', async () => {
    await goHash(page, '/admin/wms/stocktake');
    await expectPath(page, '/admin/wms/stocktake');
    await settled(page);
    await fitsThePhone(page);
    await page.locator('.ba-page:visible [data-crud=add]').click();
    await page.locator('.arco-drawer:visible').first().waitFor();
    await fitsThePhone(page);
    expect((await sidewaysScroll(page, '.arco-drawer:visible .arco-drawer-content')).every((extra) => extra <= 0)).toBe(true);
    await page.keyboard.press('Escape');
    await page.locator('.arco-drawer:visible').first().waitFor({ state: 'hidden' });
  });

  await step('the classic layout folds its menu on a phone too', async () => {
    await page.evaluate(() => {
      const ls = (globalThis as any).localStorage;
      ls.setItem('storeConfig_v2', JSON.stringify({ ...JSON.parse(ls.getItem('storeConfig_v2') ?? '{}'), layoutMode: 'Classic', menuCollapse: false }));
    });
    await page.reload();
    await page.locator('.ba-layout').waitFor();
    await settled(page);
    expect(await page.locator('.ba-sider').count()).toBe(0);
    await fitsThePhone(page);
  });

  expect(pageErrors).toEqual([]);
});
