/**
 * The ajax helpers in the pages: a warehouse's city picked with the area cascader (provinces first, the
 * cities of the chosen province fetched when it opens), and a non-image attachment shown with the file icon
 * drawn by ajax/buildSuffixSvg.
 *
 * Screenshots of every step: test-output/screenshots/ajax/.
 */
import type { Page } from 'playwright-core';
import { adminApi } from './support/api';
import { browserSpec } from './support/browser';
import { serverInfo } from './support/server';
import { currentPage, drawer, eventually, expectPath, formItem, openMenu, row, settled, signIn } from './support/admin';

const { test } = browserSpec('ajax');

/** Clicks an entry of the open cascader popup. */
async function pickArea(page: Page, label: string): Promise<void> {
  await page.locator('.arco-cascader-popup .arco-cascader-list-item-label').filter({ hasText: new RegExp(`^\\s*${label}\\s*$`) }).click();
}

test('a warehouse city from the area cascader, and a file icon for a spreadsheet attachment', async ({ page, step, shot, adminPassword, pageErrors }) => {
  const suffix = Date.now().toString(36).slice(-5).toUpperCase();
  const warehouseName = `深圳仓${suffix}`;
  const fileName = `stock report ${suffix}.xlsx`;
  const areaRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/ajax/area')) areaRequests.push(new URL(request.url()).search);
  });

  await step('a spreadsheet uploaded', async () => {
    const api = await adminApi(adminPassword);
    const form = new FormData();
    form.append('file', new Blob([Buffer.from('PK\u0003\u0004 not really a workbook')], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }), fileName);
    const res = await fetch(`${serverInfo().baseUrl}/admin/ajax/upload`, { method: 'POST', headers: { batoken: api.token, server: '1' }, body: form });
    expect(((await res.json()) as { code: number }).code).toBe(1);
  });

  await step('signed in', async () => {
    await signIn(page, adminPassword);
    await settled(page);
  });

  await step('warehouse with a city picked from the cascader', async () => {
    await openMenu(page, '基础资料', '仓库');
    await expectPath(page, '/admin/wms/warehouse');
    await settled(page);
    await currentPage(page).locator('[data-crud=add]').click();
    const form = drawer(page);
    await form.waitFor();
    await formItem(form, '仓库名称').locator('input').fill(warehouseName);
    await formItem(form, '仓库编号').locator('input').fill(`SZ${suffix}`);
    const city = formItem(form, '城市');
    await city.locator('.arco-cascader').click();
    await pickArea(page, '广东省');
    await page.locator('.arco-cascader-popup .arco-cascader-list-item-label').filter({ hasText: '深圳市' }).waitFor();
    await shot('cities of Guangdong');
    await pickArea(page, '深圳市');
    await eventually(async () => expect((await city.locator('.arco-cascader-view-value').innerText()).trim()).toBe('广东省 / 深圳市'));
    await form.locator('[data-crud=form-submit]').click();
    await form.waitFor({ state: 'hidden' });
    await row(page, warehouseName).waitFor();
    expect(await row(page, warehouseName).innerText()).toContain('深圳市');
    // the provinces once, then the cities of Guangdong
    expect(areaRequests).toEqual(['', '?province=440000']);
  });

  await step('editing shows the stored city', async () => {
    await row(page, warehouseName).locator('[data-crud=row-edit]').click();
    const form = drawer(page);
    await form.waitFor();
    // the stored name (with its province while the form still remembers the pick)
    await eventually(async () => expect((await formItem(form, '城市').locator('.arco-cascader-view-value').innerText()).trim()).toMatch(/^(广东省 \/ )?深圳市$/));
    await form.locator('[data-crud=form-cancel]').click();
    await form.waitFor({ state: 'hidden' });
  });

  await step('the spreadsheet listed with its icon', async () => {
    await openMenu(page, '常规管理', '附件管理');
    await expectPath(page, '/admin/routine/attachment');
    await settled(page);
    const entry = row(page, fileName);
    await entry.waitFor();
    const icon = entry.locator('img.attachment-file-icon');
    expect(await icon.getAttribute('src')).toBe('/api/ajax/buildSuffixSvg?suffix=xlsx&server=1');
    // the icon loaded and decoded: an SVG of 48 × 56
    const loadedWidth = () => icon.evaluate((img) => {
      const image = img as unknown as { complete: boolean; naturalWidth: number };
      return image.complete ? image.naturalWidth : 0;
    });
    await eventually(async () => expect(await loadedWidth()).toBe(48));
  });

  expect(pageErrors).toEqual([]);
});
