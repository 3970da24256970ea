/**
 * Master data through the pages: a warehouse, an area in it, a shelf in the area, then a product placed on
 * that shelf with an uploaded image (checked in the browser before sending, stored once, served back from
 * /storage). Then the product list exports what it shows, the import dialog lists every bad row, and the
 * uploaded file appears under Routine → Attachments, in both languages and themes.
 *
 * Screenshots of every step: test-output/screenshots/master-data/.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { browserSpec } from './support/browser';
import { chooseFromHoverMenu, currentPage, drawer, eventually, expectPath, formItem, openMenu, pickOptions, row, rows, settled, signIn, table } from './support/admin';

const { test } = browserSpec('master-data');

const FOLDER = '基础资料';

async function addThroughDrawer(page: Page, fill: (form: ReturnType<typeof drawer>) => Promise<void>): Promise<void> {
  await currentPage(page).locator('[data-crud=add]').click();
  const form = drawer(page);
  await form.waitFor();
  await fill(form);
  await form.locator('[data-crud=form-submit]').click();
  await form.waitFor({ state: 'hidden' });
}

test('warehouse → area → shelf → product with an uploaded image, through the pages', async ({ page, step, shot, adminPassword, pageErrors }) => {
  const suffix = Date.now().toString(36).slice(-5).toUpperCase();
  const code = `W${suffix}`;
  const warehouseName = `成品仓${suffix}`;
  const areaName = `A区${suffix}`;
  const shelfName = `A-01货架${suffix}`;
  const productNo = `SKU-${suffix}`;
  const productName = `扳手${suffix}`;
  const files = mkdtempSync(join(tmpdir(), 'wms-md-browser-'));
  const image = join(files, 'wrench photo.png');
  await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2f6fdb' } }).png().toFile(image);
  const notImage = join(files, 'notes.exe');
  writeFileSync(notImage, 'MZ not allowed');

  await step('signed in', async () => {
    await signIn(page, adminPassword);
    await settled(page);
  });

  await step('warehouse added', async () => {
    await openMenu(page, FOLDER, '仓库');
    await expectPath(page, '/admin/wms/warehouse');
    await settled(page);
    await addThroughDrawer(page, async (form) => {
      await formItem(form, '仓库名称').locator('input').fill(warehouseName);
      await formItem(form, '仓库编号').locator('input').fill(code);
    });
    await row(page, warehouseName).waitFor();
    expect(await row(page, warehouseName).innerText()).toContain(code);
  });

  await step('area added in the warehouse', async () => {
    await openMenu(page, FOLDER, '库区');
    await expectPath(page, '/admin/wms/warehouseArea');
    await settled(page);
    await addThroughDrawer(page, async (form) => {
      await pickOptions(page, formItem(form, '所属仓库'), [`${warehouseName} (${code})`]);
      await formItem(form, '库区编号').locator('input').fill('A');
      await formItem(form, '库区名称').locator('input').fill(areaName);
    });
    await row(page, areaName).waitFor();
    expect(await row(page, areaName).innerText()).toContain(warehouseName);
  });

  await step('shelf added in the area', async () => {
    await openMenu(page, FOLDER, '货架');
    await expectPath(page, '/admin/wms/shelf');
    await settled(page);
    await addThroughDrawer(page, async (form) => {
      await pickOptions(page, formItem(form, '所属仓库'), [`${warehouseName} (${code})`]);
      await pickOptions(page, formItem(form, '所属库区'), [`${areaName} (A)`]);
      await formItem(form, '货架编号').locator('input').fill('01');
      await formItem(form, '货架名称').locator('input').fill(shelfName);
    });
    await row(page, shelfName).waitFor();
    expect(await row(page, shelfName).innerText()).toContain(areaName);
  });

  let storedUrl = '';
  await step('product form with an uploaded image', async () => {
    await openMenu(page, FOLDER, '商品');
    await expectPath(page, '/admin/wms/product');
    await settled(page);
    await currentPage(page).locator('[data-crud=add]').click();
    const form = drawer(page);
    await form.waitFor();
    await formItem(form, '商品编号').locator('input').fill(productNo);
    await formItem(form, '商品名称').locator('input').fill(productName);
    await formItem(form, '单价').locator('input').fill('18.50');
    await pickOptions(page, formItem(form, '默认仓库'), [`${warehouseName} (${code})`]);
    await pickOptions(page, formItem(form, '默认库区'), [`${areaName} (A)`]);
    await pickOptions(page, formItem(form, '默认货架'), [`${shelfName} (01)`]);

    const images = formItem(form, '商品图片');
    // refused in the browser before anything is sent (the upload check's message, in Chinese)
    await images.locator('input[type=file]').setInputFiles(notImage);
    await page.locator('.arco-notification').filter({ hasText: '不允许上传此类型的文件！' }).waitFor();
    expect(await images.locator('.arco-upload-list-item').count()).toBe(0);

    const uploaded = page.waitForResponse((res) => res.url().endsWith('/admin/ajax/upload') && res.request().method() === 'POST');
    await images.locator('input[type=file]').setInputFiles(image);
    const answer = await (await uploaded).json();
    expect(answer).toMatchObject({ code: 1, data: { file: { width: 64, height: 48, topic: 'product', name: 'wrench photo.png' } } });
    storedUrl = answer.data.file.url;
    expect(storedUrl).toMatch(/^\/storage\/product\/\d{8}\/wrench_photo[0-9a-f]{40}\.png$/);
    await eventually(async () => expect(await images.locator('.arco-upload-list-item-picture img').getAttribute('src')).toBe(storedUrl));
    // the src is set before the browser has fetched the file: the thumbnail's width is known only once it loaded
    const thumbWidth = () => images.locator('.arco-upload-list-item-picture img').evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth);
    await eventually(async () => expect(await thumbWidth()).toBe(64));
    await shot('product form filled');
    await form.locator('[data-crud=form-submit]').click();
    await form.waitFor({ state: 'hidden' });
  });

  await step('product listed with its image and place', async () => {
    const added = row(page, productNo);
    await added.waitFor();
    expect(await added.innerText()).toContain(productName);
    expect(await added.innerText()).toContain('18.50');
    expect(await added.innerText()).toContain(warehouseName);
    await eventually(async () => expect(await added.locator('img').first().getAttribute('src')).toBe(storedUrl));
    // the stored file is served back from the same origin
    const served = await page.request.get(storedUrl);
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toBe('image/png');
    expect(Buffer.compare(await served.body(), readFileSync(image))).toBe(0);
  });

  await step('product export of the current search', async () => {
    await page.locator('.crud-quick-search input').fill(productNo);
    await eventually(async () => expect(await rows(page).count()).toBe(1));
    await currentPage(page).locator('[data-testid=export]').click();
    const downloading = page.waitForEvent('download');
    await page.locator('.arco-dropdown-menu-item').filter({ hasText: '导出为 CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^商品-\d{8}-\d{6}\.csv$/);
    const text = readFileSync((await download.path())!, 'utf8');
    const lines = text.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('商品编号');
    expect(lines[1]).toContain(productNo);
    expect(lines[1]).toContain(shelfName);
  });

  await step('import dialog lists every bad row', async () => {
    const csv = join(files, 'products.csv');
    writeFileSync(csv, `商品编号,名称,价格,仓库\n${productNo},重复,1,${code}\nNEW-1,,-2,无此仓库\n`);
    await currentPage(page).locator('[data-testid=import]').click();
    const dialog = page.locator('.transfer-import-dialog');
    await dialog.waitFor();
    await dialog.locator('input[type=file]').setInputFiles(csv);
    await dialog.locator('[data-testid=import-problems]').waitFor();
    expect(await dialog.locator('.arco-alert').innerText()).toContain('共 2 行，其中 2 行有问题；未导入任何数据');
    const problems = (await dialog.locator('.transfer-problems tbody tr').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
    expect(problems).toEqual([
      `2 商品编号 商品编号“${productNo}”已存在`,
      // the generic headers of the file are read; problems name the fields as the product form does
      '3 商品名称 请输入名称',
      '3 单价 价格不能小于0',
      '3 默认仓库 找不到仓库“无此仓库”',
    ]);
    await dialog.locator('[data-testid=import-close]').click();
    await dialog.waitFor({ state: 'hidden' });
    await page.locator('.crud-quick-search input').fill('');
    await eventually(async () => expect(await rows(page).count()).toBe(1));
  });

  await step('attachment listed', async () => {
    await openMenu(page, '常规管理', '附件管理');
    await expectPath(page, '/admin/routine/attachment');
    await settled(page);
    const entry = row(page, 'wrench photo.png');
    await entry.waitFor();
    expect(await entry.innerText()).toContain('product');
    expect(await entry.locator('img').first().getAttribute('src')).toBe(storedUrl);
  });

  await step('attachments in english and dark', async () => {
    await chooseFromHoverMenu(page.locator('[data-testid=lang-switch]'), 'English');
    await eventually(async () => expect((await table(page).locator('thead th').allInnerTexts()).map((t) => t.trim())).toEqual(expect.arrayContaining(['Preview', 'Topic', 'Original name'])));
    await page.locator('[data-testid=theme-switch]').click();
    await eventually(async () => expect(await page.locator('body').getAttribute('arco-theme')).toBe('dark'));
    await page.mouse.move(700, 700);
    await page.waitForTimeout(300);
  });

  await step('product drawer in english and dark', async () => {
    await openMenu(page, 'Master data', 'Products');
    await expectPath(page, '/admin/wms/product');
    await settled(page);
    await row(page, productNo).locator('[data-crud=row-edit]').click();
    const form = drawer(page);
    await form.waitFor();
    const images = formItem(form, 'Images');
    await eventually(async () => expect(await images.locator('.arco-upload-list-item-picture img').getAttribute('src')).toBe(storedUrl));
    await form.locator('[data-crud=form-cancel]').click();
    await form.waitFor({ state: 'hidden' });
  });

  expect(pageErrors).toEqual([]);
});
