/**
 * The safety tools through their pages: a deleted brand found in the recycle bin, its kept row shown and
 * restored; a product's price change shown before → after in the sensitive-data log and rolled back; a
 * backup made with "back up now" until it is done, with its size and checksum; the log in English and dark;
 * the recycle bin on a phone.
 *
 * Screenshots of every step: test-output/screenshots/safety/ (and safety-phone/).
 */
import type { Page } from 'playwright-core';
import { adminApi } from './support/api';
import { browserSpec, PHONE } from './support/browser';
import { chooseFromHoverMenu, currentPage, eventually, expectPath, goHash, openMenu, row, rows, settled, signIn, table } from './support/admin';
import { serverInfo } from './support/server';

const { test } = browserSpec('safety');

/** The detail drawer of the safety pages. */
const drawer = (page: Page) => page.locator('.arco-drawer.safety-drawer');

test('restores a deleted brand and rolls back a price change, then backs up the database', async ({ page, step, adminPassword, pageErrors }) => {
  const suffix = Date.now().toString(36).slice(-5).toUpperCase();
  const brandName = `回收品牌${suffix}`;
  const api = await adminApi();
  const unit = await api.add('Unit', { name: `件${suffix}` });
  const product = await api.add('Product', { product_no: `SAFE-${suffix}`, name: `安全产品${suffix}`, unit_id: unit.id, price: '12.50' });
  await api.post('wms.Product', 'edit', { id: product.id, price: '99.90' });
  const brand = await api.add('Brand', { name: brandName });
  const deleted = await fetch(`${serverInfo().baseUrl}/admin/wms.Brand/del?ids[]=${brand.id}`, { method: 'DELETE', headers: { batoken: api.token, server: '1' } });
  expect(((await deleted.json()) as { code: number }).code).toBe(1);

  await step('signed in', async () => {
    await signIn(page, adminPassword);
    await settled(page);
  });

  await step('the deleted brand is in the recycle bin', async () => {
    await openMenu(page, '数据安全管理', '数据回收站');
    await expectPath(page, '/admin/security/dataRecycleLog');
    await settled(page);
    await row(page, 'brand').filter({ hasText: String(brand.id) }).first().waitFor();
  });

  const brandRow = () => rows(page).filter({ has: page.locator('td', { hasText: /^\s*brand\s*$/ }) }).filter({ has: page.locator('td', { hasText: new RegExp(`^\\s*${brand.id}\\s*$`) }) });

  await step('its kept row, field by field', async () => {
    await brandRow().locator('[data-crud=row-info]').click();
    const detail = drawer(page);
    await detail.waitFor();
    await eventually(async () => expect(await detail.locator('[data-testid=recycle-record]').innerText()).toContain(brandName));
  });

  await step('restored', async () => {
    await drawer(page).locator('.arco-drawer-close-icon').click();
    await drawer(page).waitFor({ state: 'hidden' });
    await brandRow().locator('[data-crud=row-restore]').click();
    const outcome = page.locator('[data-testid=safety-outcome]');
    await outcome.waitFor();
    await eventually(async () => expect(await outcome.innerText()).toContain('已还原'));
    expect((await api.get('wms.Brand', 'edit', { id: brand.id })).row.name).toBe(brandName);
    await page.locator('.arco-modal-footer button').last().click();
    await eventually(async () => expect(await brandRow().innerText()).toContain('已还原'));
  });

  await step('the price change, before → after', async () => {
    await openMenu(page, '数据安全管理', '敏感数据修改记录');
    await expectPath(page, '/admin/security/sensitiveDataLog');
    await settled(page);
    const change = rows(page).filter({ hasText: '12.50' }).filter({ hasText: '99.90' });
    await change.first().waitFor();
    expect(await change.first().locator('[data-testid=safety-diff]').innerText()).toMatch(/12\.50\s*→\s*99\.90/);
  });

  await step('rolled back', async () => {
    const change = rows(page).filter({ hasText: '12.50' }).filter({ hasText: '99.90' }).first();
    await change.locator('[data-crud=row-rollback]').click();
    await page.locator('.arco-popconfirm .arco-btn-primary').click();
    const outcome = page.locator('[data-testid=safety-outcome]');
    await outcome.waitFor();
    await eventually(async () => expect(await outcome.innerText()).toContain('已回滚'));
    expect((await api.get('wms.Product', 'edit', { id: product.id })).row.price).toBe('12.50');
    await page.locator('.arco-modal-footer button').last().click();
  });

  await step('backed up now, with size and checksum', async () => {
    await openMenu(page, '常规管理', '数据备份');
    await expectPath(page, '/admin/routine/backup');
    await settled(page);
    const before = await rows(page).count();
    await currentPage(page).locator('[data-testid=backup-now]').click();
    await eventually(async () => expect(await rows(page).count()).toBe(before + 1));
    const newest = rows(page).first();
    await eventually(async () => expect(await newest.innerText()).toContain('已完成'), 30_000);
    expect(await newest.innerText()).toMatch(/[0-9a-f]{16}/);
    expect(await newest.locator('[data-testid=backup-size]').innerText()).toMatch(/\d+(\.\d)? (KB|MB|B)/);
  });

  await step('the seeded rules', async () => {
    await openMenu(page, '数据安全管理', '敏感字段规则');
    await expectPath(page, '/admin/security/sensitiveData');
    await settled(page);
    await eventually(async () => expect(await rows(page).filter({ hasText: 'product' }).first().innerText()).toContain('safety_stock_num'));
    await openMenu(page, '数据安全管理', '数据回收规则');
    await expectPath(page, '/admin/security/dataRecycle');
    await settled(page);
    await eventually(async () => expect(await currentPage(page).innerText()).toMatch(/inbound_order/));
  });

  await step('the sensitive-data log in English and dark', async () => {
    await chooseFromHoverMenu(page.locator('[data-testid=lang-switch]'), 'English');
    await page.locator('[data-testid=theme-switch]').click();
    await eventually(async () => expect(await page.locator('body').getAttribute('arco-theme')).toBe('dark'));
    await openMenu(page, 'Data security', 'Sensitive data log');
    await settled(page);
    await eventually(async () => expect((await table(page).locator('thead th').allInnerTexts()).map((t) => t.trim())).toEqual(expect.arrayContaining(['Field', 'Before → after', 'Changed by'])));
    await eventually(async () => expect(await rows(page).filter({ hasText: 'Rolled back' }).count()).toBeGreaterThan(0));
    await page.mouse.move(700, 700);
  });

  expect(pageErrors).toEqual([]);
}, 180_000);

const phone = browserSpec('safety-phone', PHONE);

phone.test('the recycle bin and its detail on a phone, in English and dark', async ({ page, step, adminPassword, pageErrors }) => {
  // a returning user's saved settings: menu folded, English, dark
  await page.addInitScript(() =>
    (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem('storeConfig_v2', JSON.stringify({ layoutMode: 'Default', theme: 'dark', menuCollapse: true, lang: 'en' })),
  );
  const api = await adminApi();
  const brand = await api.add('Brand', { name: `手机回收${Date.now().toString(36).slice(-5)}` });
  await fetch(`${serverInfo().baseUrl}/admin/wms.Brand/del?ids[]=${brand.id}`, { method: 'DELETE', headers: { batoken: api.token, server: '1' } });

  await step('signed in', async () => {
    await signIn(page, adminPassword);
    await settled(page);
  });

  await step('recycle bin', async () => {
    await goHash(page, '/admin/security/dataRecycleLog');
    await settled(page);
    await rows(page).first().waitFor();
    // the page itself does not scroll sideways (the table scrolls inside it)
    expect(await page.evaluate(() => (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  await step('detail', async () => {
    await rows(page).first().locator('[data-crud=row-info]').click();
    await drawer(page).waitFor();
    await eventually(async () => expect(await drawer(page).locator('[data-testid=recycle-record]').innerText()).toContain('name'));
    expect(await drawer(page).innerText()).toContain('Deleted row');
  });

  expect(pageErrors).toEqual([]);
});
