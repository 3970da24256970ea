/**
 * Module management and the CRUD generator through their pages: content management disabled — its menu
 * folder goes, its page answers 404 — and enabled again; the member center disabled — the site's sign-in link
 * vanishes and its pages answer "disabled" without a request — and enabled again (the link back); the remembered account on the sign-in form; a table
 * designed in the generator's grid, generated (into a copy of the project in the server's CRUD_GENERATOR_ROOT,
 * see support/global-setup.ts) with its files and diffs shown; the copy then built (tsc and vite, as
 * `npm run build`) and started as a second server on the same DATA_DIR (SQLite in WAL mode, the same JWT secret):
 * its start runs the generated migration (the table and the menu rule) in the shared database, and the generated
 * page is opened from its side menu, a row added through its form, listed and deleted; the second server stopped,
 * the generation removed (which takes back the table, the menu rule and the migration's row); the module page in
 * English and dark. The build and the second server add about 20 s on a quiet machine (tsc ≈ 13 s, vite ≈ 4 s, the
 * start ≈ 3 s) and about 50 s with another test run on the other core (tsc 39 s, vite 6 s, the start 3 s).
 *
 * Screenshots of every step: test-output/screenshots/modules/. The second server's output:
 * test-output/browser-generated-server.log (support/crud-copy.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { browserSpec, VIEWPORT } from './support/browser';
import { chooseFromHoverMenu, currentPage, drawer, eventually, expectPath, formItem, openMenu, row, rows, settled, sideMenu, signIn, stored, table } from './support/admin';
import { buildCopy, projectCopy, startCopy, stopCopy } from './support/crud-copy';
import { serverInfo } from './support/server';

const { test } = browserSpec('modules');

// the copy's server is stopped in its step; this only catches a failure that skipped that
afterAll(stopCopy);

test('disables and enables content management and the member center, and generates and removes a CRUD page', async ({ page, context, step, shot, adminPassword, pageErrors }) => {
  const copy = projectCopy();
  const folder = () => sideMenu(page).locator('.arco-menu-inline-header').filter({ hasText: /^\s*内容管理\s*$/ });

  await step('signed in, remembering the account', async () => {
    await page.goto('/#/admin/login');
    await page.locator('input[name=username]').fill('admin');
    await page.locator('input[name=password]').fill(adminPassword);
    await page.locator('[data-testid=remember-account]').click();
    await page.locator('.ba-login button[type=submit]').click();
    await expectPath(page, '/admin/dashboard');
    expect(await stored(page, 'account')).toEqual({ admin: 'admin' });
    await settled(page);
    await folder().waitFor();
  });

  await step('the module page lists the core and the optional modules', async () => {
    await openMenu(page, '常规管理', '模块管理');
    await expectPath(page, '/admin/module/module');
    const table = currentPage(page).locator('[data-testid=module-table]');
    await table.locator('tbody tr').filter({ hasText: 'cms' }).first().waitFor();
    // a core module cannot be switched
    expect(await table.locator('[data-testid=module-switch-inventory]').isDisabled()).toBe(true);
    expect(await table.locator('[data-testid=module-switch-cms]').isDisabled()).toBe(false);
  });

  await step('content management disabled: its menu folder goes and its page answers 404', async () => {
    await page.locator('[data-testid=module-switch-cms]').click();
    await page.locator('.arco-message').filter({ hasText: '模块已禁用' }).first().waitFor();
    await eventually(async () => expect(await folder().count()).toBe(0));
    const res = await fetch(`${serverInfo().baseUrl}/admin/cms.Content/index`);
    expect(res.status).toBe(404);
  });

  await step('enabled again: the folder is back', async () => {
    await page.locator('[data-testid=module-switch-cms]').click();
    await page.locator('.arco-message').filter({ hasText: '模块已启用' }).first().waitFor();
    await folder().waitFor();
  });

  await step("the member center disabled: the site's links into it vanish and its pages say it is off", async () => {
    const site = await context.newPage();
    await site.goto('/#/');
    await site.locator('[data-testid=site-login]').waitFor();
    await page.locator('[data-testid=module-switch-member]').click();
    await page.locator('.arco-message').filter({ hasText: '模块已禁用' }).first().waitFor();
    await site.reload();
    await site.locator('[data-testid=site-brand]').waitFor();
    await eventually(async () => expect(await site.locator('[data-testid=site-login]').count()).toBe(0));
    expect(await site.locator('a[href="#/user/login"], a[href="#/user"]').count()).toBe(0);
    // the sign-in page and a member page answer "disabled" themselves, translated, and send nothing
    const sent: string[] = [];
    site.on('request', (request) => {
      if (/\/api\/(user|account)\//.test(request.url())) sent.push(request.url());
    });
    await site.goto('/#/user/login');
    await site.locator('[data-testid=module-disabled-member]').filter({ hasText: '会员中心已禁用' }).waitFor();
    await site.locator('#block-loading').waitFor({ state: 'detached' });
    await site.screenshot({ path: await shot('member center disabled') });
    await site.goto('/#/user/account/overview');
    await site.locator('[data-testid=module-disabled-member]').waitFor();
    expect(sent).toEqual([]);
    await site.locator('[data-testid=module-disabled-home]').click();
    await site.locator('[data-testid=site-brand]').waitFor();

    await page.locator('[data-testid=module-switch-member]').click();
    await page.locator('.arco-message').filter({ hasText: '模块已启用' }).first().waitFor();
    await site.reload();
    await site.locator('[data-testid=site-login]').waitFor();
    await site.locator('[data-testid=site-login]').click();
    await site.locator('input[name=username]').waitFor();
    await site.close();
  });

  await step('a table designed in the grid and generated: the files and their diffs shown', async () => {
    await openMenu(page, '常规管理', 'CRUD 代码生成');
    await expectPath(page, '/admin/crud/crud');
    const generator = currentPage(page);
    await generator.locator('input[data-testid=crud-table], [data-testid=crud-table] input').first().fill('browser_note');
    await generator.locator('input[data-testid=crud-title], [data-testid=crud-title] input').first().fill('浏览器便签');
    await generator.locator('input[data-testid=crud-field-name], [data-testid=crud-field-name] input').first().fill('subject');
    await generator.locator('input[data-testid=crud-field-comment], [data-testid=crud-field-comment] input').first().fill('主题');
    await generator.locator('[data-testid=crud-generate]').click();
    await page.locator('.arco-message').filter({ hasText: '文件已写入' }).first().waitFor();
    const files = generator.locator('[data-testid=crud-file]');
    await eventually(async () => expect(await files.count()).toBeGreaterThanOrEqual(11));
    expect(await files.allInnerTexts()).toEqual(expect.arrayContaining(['+ web/src/pages/admin/generated/browserNote/index.tsx', '~ src/modules/generated/generated-index.ts']));
    expect(readFileSync(join(copy, 'src/modules/generated/generated-index.ts'), 'utf8')).toContain("import { browserNoteArea } from './browser-note';");
    await files.filter({ hasText: 'generated-index.ts' }).click();
    await generator.locator('pre').filter({ hasText: "+import { browserNoteArea } from './browser-note';" }).waitFor();
    await generator.locator('[data-testid=crud-history] tbody tr').filter({ hasText: 'browser_note' }).filter({ hasText: '已写入' }).waitFor();
  });

  await step('the copy built and started as a second server on the same database: the generated page opened and used', async () => {
    const took = await buildCopy(copy);
    const built = Date.now();
    const origin = await startCopy(copy);
    console.log(`modules spec: the generated copy built (tsc ${took.server.toFixed(1)} s, vite ${took.web.toFixed(1)} s), its server answered ${((Date.now() - built) / 1000).toFixed(1)} s later`);
    const other = await context.browser()!.newContext({ locale: 'zh-CN', viewport: VIEWPORT, baseURL: origin });
    other.setDefaultTimeout(15_000);
    try {
      const note: Page = await other.newPage();
      note.on('pageerror', (error) => pageErrors.push(`${origin}: ${error.message}`));
      await signIn(note, adminPassword);
      await openMenu(note, '生成的页面', '浏览器便签');
      await expectPath(note, '/admin/generated/browserNote');
      await settled(note);
      // the new table is empty
      await table(note).locator('.arco-table-empty-row').waitFor();

      await currentPage(note).locator('[data-crud=add]').click();
      const form = drawer(note);
      await form.waitFor();
      await formItem(form, '主题').locator('input').fill('盘点前清理通道');
      await form.locator('[data-crud=form-submit]').click();
      await form.waitFor({ state: 'hidden' });
      await row(note, '盘点前清理通道').waitFor();
      expect(await rows(note).count()).toBe(1);
      await note.screenshot({ path: await shot('the generated page with its first row') });

      await row(note, '盘点前清理通道').locator('[data-crud=row-delete]').click();
      await note.locator('.arco-popconfirm:visible .arco-btn-primary').click();
      await row(note, '盘点前清理通道').waitFor({ state: 'detached' });
      await table(note).locator('.arco-table-empty-row').waitFor();
      await note.screenshot({ path: await shot('the row deleted') });
    } finally {
      await other.close();
      await stopCopy();
    }
    // the first server reads the same database: after a reload its menu has the generated page too
    await page.reload();
    await settled(page);
    await sideMenu(page).locator('.arco-menu-inline-header').filter({ hasText: /^\s*生成的页面\s*$/ }).waitFor();
    await expectPath(page, '/admin/crud/crud');
    await currentPage(page).locator('[data-testid=crud-history] tbody tr').filter({ hasText: 'browser_note' }).filter({ hasText: '已写入' }).waitFor();
  });

  await step('the generation removed: its files gone', async () => {
    const generator = currentPage(page);
    await generator.locator('[data-testid=crud-remove-browser_note]').click();
    await page.locator('.arco-popconfirm .arco-btn-primary').click();
    await page.locator('.arco-message').filter({ hasText: '已删除生成的文件' }).first().waitFor();
    await generator.locator('[data-testid=crud-history] tbody tr').filter({ hasText: 'browser_note' }).filter({ hasText: '已删除' }).waitFor();
    expect(existsSync(join(copy, 'web/src/pages/admin/generated/browserNote/index.tsx'))).toBe(false);
    expect(readFileSync(join(copy, 'src/modules/generated/generated-index.ts'), 'utf8')).not.toContain('browserNote');
    // the menu rule the second server's migration added is gone from the shared database (its empty folder is not shown)
    await page.reload();
    await settled(page);
    await sideMenu(page).locator('.arco-menu-inline-header').filter({ hasText: /^\s*常规管理\s*$/ }).waitFor();
    expect(await sideMenu(page).getByText('浏览器便签').count()).toBe(0);
    expect(await sideMenu(page).getByText('生成的页面').count()).toBe(0);
  });

  await step('the module page in English and dark', async () => {
    await openMenu(page, '常规管理', '模块管理');
    await chooseFromHoverMenu(page.locator('[data-testid=lang-switch]'), 'English');
    await page.locator('[data-testid=theme-switch]').click();
    await eventually(async () => expect(await page.locator('body').getAttribute('arco-theme')).toBe('dark'));
    await currentPage(page).locator('[data-testid=module-table] tbody tr').filter({ hasText: 'Member center' }).first().waitFor();
    await page.mouse.move(700, 700);
  });
  expect(pageErrors).toEqual([]);
  // 75–80 s in all with another test run on the other core, 50–55 s of it the copy's build and server (see above)
}, 420_000);
