/**
 * Phones (390 × 844, touch): in the member center the menu is a drawer (the page is not pushed below it),
 * the user menu opens on a tap and signs out, and the forgot-password dialog fits the screen (Chinese, then
 * English); a back-office list's row actions are on screen without swiping, each a touch target of at least
 * 40 px. Screenshots: test-output/screenshots/phones/.
 */
import type { Locator, Page } from 'playwright-core';
import { adminApi } from './support/api';
import { eventually, expectPath, goHash, row, settled, signIn } from './support/admin';
import { browserSpec, PHONE } from './support/browser';

const { test } = browserSpec('phones', PHONE);

const RUN = Date.now().toString(36).slice(-5);
const MEMBER_PASSWORD = 'Phone-Member-1';

async function openIn(page: Page, lang: 'zh-cn' | 'en'): Promise<void> {
  await page.addInitScript((l) => (globalThis as any).localStorage.setItem('storeConfig_v2', JSON.stringify({ layoutMode: 'Default', theme: 'light', menuCollapse: true, lang: l })), lang);
}

/** Whether the box lies within the 390 px wide screen. */
async function onScreen(locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  return !!box && box.x >= 0 && box.x + box.width <= 390 && box.width > 0;
}

async function memberSignIn(page: Page, username: string, labels: { account: string; password: string }): Promise<void> {
  await page.goto('/#/user/login');
  const form = page.locator('.ba-member-login-box');
  await form.waitFor();
  await form.locator('.arco-form-item', { hasText: labels.account }).locator('input').first().fill(username);
  await form.locator('.arco-form-item', { hasText: labels.password }).locator('input').first().fill(MEMBER_PASSWORD);
  await page.locator('[data-testid=login-submit]').tap();
  await expectPath(page, '/user/account/overview');
}

for (const lang of ['zh-cn', 'en'] as const) {
  const words =
    lang === 'zh-cn'
      ? { account: '账户', password: '密码', logout: '退出登录' }
      : { account: 'Account', password: 'Password', logout: 'Sign out' };

  test(`the member center on a phone (${lang}): the menu a drawer, the user menu on a tap, the forgot-password dialog within the screen`, async ({ page, step, pageErrors }) => {
    const api = await adminApi();
    const username = `ph${lang.slice(0, 2)}${RUN}`;
    await api.post('user.User', 'add', { username, nickname: username, group_id: 1, email: `${username}@example.com`, password: MEMBER_PASSWORD, status: 1 });
    await openIn(page, lang);

    await step('the forgot-password dialog fits the phone', async () => {
      await page.goto('/#/user/login');
      await page.locator('.ba-member-login-box').waitFor();
      await settled(page);
      await page.locator('[data-testid=forgot-password]').tap();
      const dialog = page.locator('.ba-retrieve-dialog');
      await dialog.waitFor();
      expect(await onScreen(dialog)).toBe(true);
      // nothing inside it wider than it
      const overflow = await dialog.evaluate((el) => (el as unknown as { scrollWidth: number; clientWidth: number }).scrollWidth - (el as unknown as { clientWidth: number }).clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await dialog.locator('.arco-modal-footer .arco-btn').first().tap();
      await dialog.waitFor({ state: 'hidden' });
    });

    await step('signed in: the page first, the menu folded into a drawer', async () => {
      await memberSignIn(page, username, words);
      await page.locator('.ba-user-content').waitFor();
      // the drawer closes when the path changes: the sign-in's navigations end first
      await settled(page);
      expect(await page.locator('.ba-user-sider').count()).toBe(0);
      // the page starts right under the header, not below the member card and the menu
      const content = await page.locator('.ba-user-content').boundingBox();
      expect(content!.y).toBeLessThan(140);
      await page.locator('[data-testid=member-menu-open]').tap();
      const drawer = page.locator('.ba-user-phone-menu');
      await drawer.locator('.ba-user-menu').waitFor();
      await eventually(async () => expect({ onScreen: await onScreen(drawer), box: await drawer.boundingBox(), path: page.url() }).toMatchObject({ onScreen: true }));
      await drawer.locator('.arco-menu-item').last().tap();
      await drawer.waitFor({ state: 'hidden' });
    });

    await step('the user menu opens on a tap; sign out', async () => {
      const trigger = page.locator('[data-testid=member-menu]');
      const box = await trigger.boundingBox();
      expect(box!.height).toBeGreaterThanOrEqual(40);
      await trigger.tap();
      const logout = page.locator('[data-testid=member-logout]');
      await logout.waitFor();
      expect(await logout.innerText()).toBe(words.logout);
      await logout.tap();
      await page.locator('.arco-modal:visible .arco-btn-primary').tap();
      await expectPath(page, '/user/login');
    });
    expect(pageErrors).toEqual([]);
  });
}

test('a back-office list on a phone: row actions on screen without swiping, 40 px touch targets', async ({ page, step, adminPassword, pageErrors }) => {
  const api = await adminApi();
  const warehouse = await api.add('Warehouse', { name: `触屏仓 ${RUN}`, serial_no: `TP-${RUN}` });
  const area = await api.add('WarehouseArea', { warehouse_id: warehouse.id, name: 'A区', serial_no: 'A' });
  const shelf = await api.add('Shelf', { warehouse_id: warehouse.id, warehouse_area_id: area.id, name: `TP-01 ${RUN}`, serial_no: 'TP-01' });
  const unit = await api.add('Unit', { name: `瓶 ${RUN}` });
  const product = await api.add('Product', { product_no: `TP-P-${RUN}`, name: `触屏商品 ${RUN}`, unit_id: unit.id, price: '9.90' });
  const supplier = await api.add('Supplier', { name: `触屏供应商 ${RUN}` });
  const order = await api.add('Inbound', { supplier_id: supplier.id, type: 10, lines: [{ product_id: product.id, warehouse_shelf_id: shelf.id, plan_quantity: 4, actual_quantity: 4, price: '9.90' }] });
  const brand = await api.add('Brand', { name: `触屏品牌 ${RUN}` });
  await openIn(page, 'zh-cn');
  await signIn(page, adminPassword);

  for (const [path, text] of [
    ['/admin/wms/inbound', order.receipt_no],
    ['/admin/wms/brand', brand.name],
  ] as const) {
    await step(`${path}: every row action visible and at least 40 px`, async () => {
      await goHash(page, path);
      await expectPath(page, path);
      await settled(page);
      const line = row(page, text);
      await line.first().waitFor();
      const buttons = line.first().locator('.crud-row-actions .arco-btn');
      await eventually(async () => expect(await buttons.count()).toBeGreaterThan(0));
      for (let i = 0; i < (await buttons.count()); i++) {
        const box = await buttons.nth(i).boundingBox();
        expect(box!.width).toBeGreaterThanOrEqual(40);
        expect(box!.height).toBeGreaterThanOrEqual(40);
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width).toBeLessThanOrEqual(390);
      }
    });
  }

  await step('a row action works by a tap', async () => {
    await goHash(page, '/admin/wms/inbound');
    await settled(page);
    await row(page, order.receipt_no).locator('[data-crud=row-edit]').tap();
    const form = page.locator('[data-orders=order-form]:visible .arco-drawer');
    await form.waitFor();
    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'hidden' });
  });
  expect(pageErrors).toEqual([]);
});
