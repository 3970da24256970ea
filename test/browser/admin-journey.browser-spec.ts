/**
 * The back-office journey of an administrator: sign in, the dashboard, Permissions → Administrators (add an
 * admin with a group from the remote select, find it with the quick search, edit its nickname), English
 * without a reload, the dark theme, the Classic layout, the group and rule trees, the admin log, the own
 * profile and sign out. Also the 404 and 401 pages and the document titles.
 *
 * Screenshots of every step: test-output/screenshots/admin-journey/.
 */
import type { Page } from 'playwright-core';
import { browserSpec } from './support/browser';
import {
  TAB_VIEW_CONFIG_KEY,
  chooseFromHoverMenu,
  currentPage,
  drawer,
  eventually,
  expectPath,
  expectTitle,
  formItem,
  goHash,
  hashPath,
  headerTexts,
  markDocument,
  openMenu,
  pickOptions,
  row,
  rowWithCell,
  rows,
  sameDocument,
  settled,
  sideMenu,
  signIn,
  stored,
  storedAdminInfo,
  table,
} from './support/admin';

const { test } = browserSpec('admin-journey');

const SITE_NAME = '仓库管理系统';
/** The seeded site name as an English reader sees it. */
const SITE_NAME_EN = 'Warehouse Management System';

/** Texts of the menu and the admins table in both languages (server rule titles, web/src/lang files). */
const ZH = {
  permissions: '权限管理',
  admins: '管理员管理',
  groups: '角色组管理',
  rules: '菜单规则管理',
  adminLog: '管理员日志管理',
  dashboard: '控制台',
  usernameHeader: '用户名',
  nicknameHeader: '昵称',
};
const EN = {
  permissions: 'Permissions',
  admins: 'Administrators',
  groups: 'Admin groups',
  rules: 'Menu rules',
  adminLog: 'Admin logs',
  dashboard: 'Dashboard',
  usernameHeader: 'Username',
  nicknameHeader: 'Nickname',
};

async function menuTitles(page: Page): Promise<string[]> {
  const texts = await sideMenu(page).locator('.arco-menu-item, .arco-menu-inline-header').allInnerTexts();
  return texts.map((t) => t.trim());
}

test('an administrator signs in, manages administrators, switches language, theme and layout, and signs out', async ({ page, step, shot, adminPassword, pageErrors }) => {
  const suffix = Date.now().toString(36).slice(-5);
  const username = `clerk_${suffix}`;
  const nickname = `张仓管${suffix}`;
  const renamed = `张仓管${suffix}改`;

  await step('login page', async () => {
    await page.goto('/#/admin/login');
    await page.locator('.ba-login-box').waitFor();
    await settled(page);
    expect(await page.locator('.ba-login-box').innerText()).toContain('登录');
  });

  await step('dashboard after sign in', async () => {
    await signIn(page, adminPassword);
    await settled(page);
    await expectTitle(page, `${ZH.dashboard} - ${SITE_NAME}`);
    // the greeting by hour (web/src/utils/greeting.ts)
    const greeting = await currentPage(page).innerText();
    expect(greeting).toMatch(/(夜深了，注意身体哦！|早上好！|上午好！|中午好！|下午好！|晚上好！)Admin，欢迎回来。/);
    const info = await storedAdminInfo(page);
    expect(info?.username).toBe('admin');
    expect(String(info?.token ?? '')).not.toBe('');
  });

  await step('administrators list', async () => {
    await openMenu(page, ZH.permissions, ZH.admins);
    await expectPath(page, '/admin/auth/admin');
    await settled(page);
    await row(page, 'admin').first().waitFor();
    await expectTitle(page, `${ZH.admins} - ${SITE_NAME}`);
    expect(await headerTexts(page)).toEqual(expect.arrayContaining([ZH.usernameHeader, ZH.nicknameHeader, '所属角色组']));
    // the open tabs: the dashboard and this page
    expect((await page.locator('.ba-nav-tabs .arco-tabs-header-title').allInnerTexts()).map((t) => t.trim())).toEqual([ZH.dashboard, ZH.admins]);
  });

  await step('own account protected', async () => {
    // no delete on one's own row, and its status cannot be switched off in the form
    const own = rowWithCell(page, 'admin');
    expect(await own.locator('[data-crud=row-delete]').count()).toBe(0);
    expect(await own.locator('.arco-checkbox input').isDisabled()).toBe(true);
    await own.locator('[data-crud=row-edit]').click();
    const form = drawer(page);
    await form.waitFor();
    const status = formItem(form, '状态');
    await eventually(async () => expect(await status.locator('.arco-form-extra, .arco-form-item-extra').innerText()).toBe('不能禁用自己的账号'));
    expect(await status.locator('button.arco-switch').isDisabled()).toBe(true);
  });

  await step('add administrator drawer', async () => {
    await drawer(page).locator('[data-crud=form-cancel]').click();
    await drawer(page).waitFor({ state: 'hidden' });
    await page.locator('[data-crud=add]').click();
    const form = drawer(page);
    await form.waitFor();
    expect(await form.locator('.arco-drawer-header-title').innerText()).toBe('添加管理员');
    // validation: an empty form is refused with translated messages
    await form.locator('[data-crud=form-submit]').click();
    await eventually(async () => expect(await form.locator('.arco-form-message').allInnerTexts()).toContain('此项为必填项'));
    await shot('add form validation');
    await formItem(form, '用户名').locator('input').fill(username);
    await formItem(form, '昵称').locator('input').fill(nickname);
    await formItem(form, '密码').locator('input').fill('Clerk-Pass-1');
    await pickOptions(page, formItem(form, '所属角色组'), ['审计员']);
    expect(await formItem(form, '所属角色组').locator('.arco-tag').allInnerTexts()).toEqual(['审计员']);
  });

  await step('administrator added', async () => {
    await drawer(page).locator('[data-crud=form-submit]').click();
    await drawer(page).waitFor({ state: 'hidden' });
    const added = row(page, username);
    await added.waitFor();
    expect(await added.innerText()).toContain(nickname);
    expect(await added.innerText()).toContain('审计员');
  });

  await step('quick search without match', async () => {
    await page.locator('.crud-quick-search input').fill(`nobody_${suffix}`);
    await table(page).locator('.arco-table-no-data').waitFor();
    expect(await table(page).locator('.arco-table-no-data').innerText()).toContain('暂无数据');
  });

  await step('quick search', async () => {
    await page.locator('.crud-quick-search input').fill(username);
    await eventually(async () => {
      expect(await rows(page).count()).toBe(1);
      expect(await rows(page).first().innerText()).toContain(username);
    });
  });

  await step('edit nickname', async () => {
    await row(page, username).locator('[data-crud=row-edit]').click();
    const form = drawer(page);
    await form.waitFor();
    expect(await form.locator('.arco-drawer-header-title').innerText()).toBe('编辑管理员');
    const nick = formItem(form, '昵称').locator('input');
    await eventually(async () => expect(await nick.inputValue()).toBe(nickname));
    await nick.fill(renamed);
    await shot('edit drawer');
    await form.locator('[data-crud=form-submit]').click();
    await form.waitFor({ state: 'hidden' });
    await eventually(async () => expect(await row(page, username).innerText()).toContain(renamed));
  });

  await step('english without reload', async () => {
    await page.locator('.crud-quick-search input').fill('');
    await eventually(async () => expect(await rows(page).count()).toBeGreaterThan(1));
    expect(await menuTitles(page)).toEqual(expect.arrayContaining([ZH.permissions, ZH.admins]));
    expect(await headerTexts(page)).toEqual(expect.arrayContaining([ZH.usernameHeader, ZH.nicknameHeader]));
    await markDocument(page);
    // the notices of the edit (in Chinese) are gone first
    await page.locator('.arco-message').first().waitFor({ state: 'detached', timeout: 8000 });

    await chooseFromHoverMenu(page.locator('[data-testid=lang-switch]'), 'English');

    await eventually(async () => expect(await menuTitles(page)).toEqual(expect.arrayContaining([EN.permissions, EN.admins, EN.groups])));
    await eventually(async () => expect(await headerTexts(page)).toEqual(expect.arrayContaining([EN.usernameHeader, EN.nicknameHeader, 'Groups'])));
    expect(await menuTitles(page)).not.toContain(ZH.permissions);
    expect(await headerTexts(page)).not.toContain(ZH.usernameHeader);
    expect(await page.locator('[data-crud=add]').innerText()).toBe('Add');
    expect(await sameDocument(page)).toBe(true);
    await expectTitle(page, `${EN.admins} - ${SITE_NAME_EN}`);
    await settled(page);
  });

  await step('dark theme', async () => {
    expect(await page.locator('body').getAttribute('arco-theme')).toBeNull();
    await page.locator('[data-testid=theme-switch]').click();
    await eventually(async () => expect(await page.locator('body').getAttribute('arco-theme')).toBe('dark'));
    await page.mouse.move(700, 600);
    await page.waitForTimeout(300);
  });

  await step('dark add drawer', async () => {
    await page.locator('[data-crud=add]').click();
    await drawer(page).waitFor();
    expect(await drawer(page).locator('.arco-drawer-header-title').innerText()).toBe('Add administrator');
    await drawer(page).locator('[data-crud=form-submit]').click();
    await eventually(async () => expect(await drawer(page).locator('.arco-form-message').count()).toBeGreaterThan(0));
  });

  await step('classic layout', async () => {
    await drawer(page).locator('[data-crud=form-cancel]').click();
    await drawer(page).waitFor({ state: 'hidden' });
    await chooseFromHoverMenu(page.locator('[data-testid=layout-switch]'), 'Classic');
    await page.locator('.ba-layout-classic').waitFor();
    await page.mouse.move(700, 600);
    await page.waitForTimeout(300);
    await row(page, username).waitFor();
  });

  await step('groups tree', async () => {
    await openMenu(page, EN.permissions, EN.groups);
    await expectPath(page, '/admin/auth/group');
    await settled(page);
    // seeded groups read in English by an English reader
    await row(page, 'Auditors').waitFor();
    // a tree: the super group holds the others, shown expanded
    await row(page, 'Level 1 administrators').waitFor();
    expect(await table(page).locator('.arco-table-expand-icon, .arco-table-cell-expand-icon').count()).toBeGreaterThan(0);
    expect(await headerTexts(page)).toEqual(expect.arrayContaining(['Name', 'Permissions']));
    // the admin's own group is marked and offers neither edit nor delete
    const own = row(page, 'Super administrators');
    expect(await own.locator('.group-own-tag').innerText()).toBe('Your group');
    expect(await own.locator('[data-crud=row-edit], [data-crud=row-delete]').count()).toBe(0);
    expect(await row(page, 'Auditors').locator('[data-crud=row-edit]').count()).toBe(1);
  });

  await step('group rule tree', async () => {
    await row(page, 'Auditors').locator('[data-crud=row-edit]').click();
    const form = drawer(page);
    await form.waitFor();
    expect(await form.locator('.arco-drawer-header-title').innerText()).toBe('Edit group');
    await form.locator('.arco-tree-node').first().waitFor();
    expect(await form.locator('.arco-tree-node').count()).toBeGreaterThan(5);
    expect(await form.locator('.arco-tree-node .arco-checkbox-checked').count()).toBeGreaterThan(0);
  });

  await step('menu rules tree', async () => {
    await drawer(page).locator('[data-crud=form-cancel]').click();
    await drawer(page).waitFor({ state: 'hidden' });
    await openMenu(page, EN.permissions, EN.rules);
    await expectPath(page, '/admin/auth/rule');
    await settled(page);
    // the top level first: folders closed
    await row(page, EN.permissions).first().waitFor();
    await row(page, EN.dashboard).first().waitFor();
    expect(await row(page, EN.admins).count()).toBe(0);
    expect(await headerTexts(page)).toEqual(expect.arrayContaining(['Title', 'Icon', 'Type', 'Status']));
    // the status is shown, not switched in the list (auth.Rule edit takes the whole rule)
    expect(await table(page).locator('.arco-switch').count()).toBe(0);
    await row(page, EN.permissions).first().locator('.arco-table-expand-icon, .arco-table-cell-expand-icon').first().click();
    await row(page, EN.admins).first().waitFor();
  });

  await step('reload keeps tabs and settings', async () => {
    const tabs = (await page.locator('.ba-nav-tabs .arco-tabs-header-title').allInnerTexts()).map((t) => t.trim());
    expect(tabs).toEqual([EN.dashboard, EN.admins, EN.groups, EN.rules]);
    const saved = await stored<{ tabs: Array<{ path: string }> }>(page, TAB_VIEW_CONFIG_KEY);
    expect(saved?.tabs.map((t) => t.path)).toEqual(['/admin/dashboard', '/admin/auth/admin', '/admin/auth/group', '/admin/auth/rule']);
    await page.reload();
    await page.locator('.ba-layout-classic').waitFor();
    await settled(page);
    await expectPath(page, '/admin/auth/rule');
    await eventually(async () => expect((await page.locator('.ba-nav-tabs .arco-tabs-header-title').allInnerTexts()).map((t) => t.trim())).toEqual(tabs));
    expect(await page.locator('body').getAttribute('arco-theme')).toBe('dark');
    expect(await menuTitles(page)).toEqual(expect.arrayContaining([EN.permissions]));
  });

  await step('chinese again in the dark', async () => {
    await chooseFromHoverMenu(page.locator('[data-testid=lang-switch]'), '中文简体');
    await eventually(async () => expect(await menuTitles(page)).toEqual(expect.arrayContaining([ZH.permissions, ZH.rules])));
    await eventually(async () => expect(await headerTexts(page)).toEqual(expect.arrayContaining(['标题', '图标'])));
    await page.mouse.move(700, 600);
    await expectTitle(page, `${ZH.rules} - ${SITE_NAME}`);
  });

  await step('admin log', async () => {
    await openMenu(page, ZH.permissions, ZH.adminLog);
    await expectPath(page, '/admin/auth/adminLog');
    await settled(page);
    const addEntry = rows(page).filter({ hasText: '/admin/auth.Admin/add' });
    await addEntry.first().waitFor();
    expect(await addEntry.first().innerText()).toContain('admin');
    await page.locator('[data-crud=toggle-search]').click();
    await page.locator('.crud-search').waitFor();
  });

  await step('admin log detail', async () => {
    const entry = rows(page).filter({ hasText: '/admin/auth.Admin/edit' }).first();
    await entry.locator('[data-crud=row-info]').click();
    const data = page.locator('[data-testid=admin-log-data]');
    await data.waitFor();
    expect(await data.innerText()).toContain(username);
    // the password is never written to the log
    expect(await data.innerText()).not.toContain('Clerk-Pass-1');
  });

  await step('light classic profile', async () => {
    await page.locator('.arco-drawer-close-icon').click();
    await page.locator('[data-testid=admin-log-data]').waitFor({ state: 'hidden' });
    await page.locator('[data-testid=theme-switch]').click();
    await eventually(async () => expect(await page.locator('body').getAttribute('arco-theme')).toBeNull());
    await chooseFromHoverMenu(page.locator('[data-testid=admin-menu]'), '个人资料');
    await expectPath(page, '/admin/routine/adminInfo');
    await settled(page);
    await page.locator('.admin-info-form').waitFor();
    expect(await page.locator('.admin-info').innerText()).toContain('admin');
    await expectTitle(page, `个人资料 - ${SITE_NAME}`);
    await page.mouse.move(700, 800);
  });

  await step('collapsed menu', async () => {
    await page.locator('[data-testid=menu-collapse]').click();
    await eventually(async () => expect(Math.floor((await page.locator('.ba-sider').boundingBox())?.width ?? 0)).toBeLessThanOrEqual(65)); // 64 px and its border
    await page.waitForTimeout(300);
  });

  await step('menu expanded again', async () => {
    await page.locator('[data-testid=menu-collapse]').click();
    await eventually(async () => expect(Math.floor((await page.locator('.ba-sider').boundingBox())?.width ?? 0)).toBeGreaterThanOrEqual(260));
  });

  await step('sign out confirmation', async () => {
    await chooseFromHoverMenu(page.locator('[data-testid=admin-menu]'), '退出登录');
    await page.locator('.arco-modal').waitFor();
  });

  await step('signed out', async () => {
    await page.locator('.arco-modal .arco-btn-primary').click();
    await expectPath(page, '/admin/login');
    await page.locator('.ba-login-box').waitFor();
    const info = await storedAdminInfo(page);
    expect(info?.token ?? '').toBe('');
    expect(info?.refreshToken ?? '').toBe('');
    expect((await stored<{ tabs: unknown[] }>(page, TAB_VIEW_CONFIG_KEY))?.tabs).toEqual([]);
    await expectTitle(page, `登录 - ${SITE_NAME}`);
    await settled(page);
  });

  expect(pageErrors).toEqual([]);
});

test('an unknown route shows the 404 page, which returns to the previous page by itself', async ({ page, step, adminPassword, pageErrors }) => {
  await signIn(page, adminPassword);
  await settled(page);
  // the dashboard drawn with its figures: no navigation of the sign-in is still on its way to replace ours
  await page.locator('.ba-dashboard [data-figure]').first().waitFor();
  await settled(page);

  await step('404 page', async () => {
    await goHash(page, '/nothing');
    await expectPath(page, '/404');
    const result = page.locator('.ba-error-page');
    await result.waitFor();
    expect(await result.innerText()).toContain('抱歉，您访问的页面不存在');
    expect(await result.innerText()).toMatch(/系统正在上报此错误，\d 秒后将自动返回上一页/);
    await expectTitle(page, `页面不存在 - ${SITE_NAME}`);
  });

  await step('back by itself', async () => {
    await eventually(() => expect(hashPath(page)).toBe('/admin/dashboard'), 10_000);
    await page.locator('.ba-layout').waitFor();
  });

  await step('401 page', async () => {
    await goHash(page, '/401');
    await expectPath(page, '/401');
    const result = page.locator('.ba-error-page');
    await result.waitFor();
    expect(await result.innerText()).toContain('您没有权限访问此页面，或文件已失效');
    await expectTitle(page, `无访问权限 - ${SITE_NAME}`);
  });

  expect(pageErrors).toEqual([]);
});

test('signed out: a back-office path leads to the sign-in page, an unknown one to 404', async ({ page, step, pageErrors }) => {
  await step('back office without session', async () => {
    await page.goto('/#/admin/auth/admin');
    await expectPath(page, '/admin/login');
    await page.locator('.ba-login-box').waitFor();
    await settled(page);
    expect(await page.title()).toMatch(/^登录/);
  });

  await step('unknown path without session', async () => {
    await page.goto('/#/nothing/here');
    await expectPath(page, '/404');
    await page.locator('.ba-error-page').waitFor();
    await settled(page);
    expect(await page.title()).toMatch(/^页面不存在/);
  });

  expect(pageErrors).toEqual([]);
});
