/**
 * The member's journey: sign up with the code of an e-mail (a real SMTP server on loopback receives it), sign
 * in, edit the profile, change the password, sign out, reset the forgotten password with an e-mail code,
 * and sign in with the new one.
 *
 * The shared browser server has no mail settings, so this spec starts a second server of its own (the same
 * build, a fresh DATA_DIR) with SMTP_URL pointing at the spec's SMTP server.
 * Screenshots of every step: test-output/screenshots/member/.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { Mailbox } from '../support/mailbox';
import { browserSpec } from './support/browser';
import { freePort } from './support/server';
import { chooseFromHoverMenu, eventually, expectPath, formItem, hoverUntil, settled, stored } from './support/admin';
import { ROOT } from './support/server';

const { test } = browserSpec('member');

const mailbox = new Mailbox();
let server: ChildProcess | undefined;
let base = '';

beforeAll(async () => {
  await mailbox.start();
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  // the global setup built dist/ (scripts/start.js rebuilds only what is stale)
  server = spawn(process.execPath, [join(ROOT, 'scripts', 'start.js')], {
    cwd: ROOT,
    detached: true,
    stdio: 'ignore',
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: mkdtempSync(join(tmpdir(), 'wms-member-browser-')),
      ADMIN_PASSWORD: 'Member-Spec-Admin-1',
      SMTP_URL: mailbox.url,
      SMTP_FROM: 'noreply@wms.test',
      LOGIN_CAPTCHA: '0',
      SEED_DEMO: '0',
    },
  });
  await eventually(
    async () => {
      const res = await fetch(`${base}/api/user/checkIn`, { headers: { server: '1' }, signal: AbortSignal.timeout(2000) });
      const body = (await res.json()) as { code: number; data: { accountVerificationType: string[] } };
      expect(body.data.accountVerificationType).toContain('email');
    },
    150_000,
    'the member server',
  );
}, 180_000);

afterAll(async () => {
  // the script and the server it spawned share a process group
  if (server?.pid) {
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  await mailbox.stop();
});

const go = (page: Page, path: string) => page.goto(`${base}/#${path}`);
const storedMember = (page: Page) => stored<Record<string, unknown>>(page, 'userInfo');
const message = (page: Page) => page.locator('.arco-message').last();

async function signIn(page: Page, account: string, password: string) {
  const form = page.locator('.ba-member-login-box');
  await formItem(form, '账户').locator('input').fill(account);
  await formItem(form, '密码').locator('input').fill(password);
  await page.locator('[data-testid=login-submit]').click();
}

test('a member signs up with an e-mail code, edits the profile, changes and resets the password', async ({ page, step, shot, pageErrors }) => {
  const suffix = Date.now().toString(36).slice(-5);
  const username = `member_${suffix}`;
  const email = `${username}@example.com`;
  const firstPassword = 'First-Pass-1';
  const secondPassword = 'Second-Pass-2';
  const thirdPassword = 'Third-Pass-3';

  await step('sign-up form', async () => {
    await go(page, '/user/login');
    await page.locator('.ba-member-login-box').waitFor();
    await settled(page);
    await page.locator('.arco-tabs-header-title', { hasText: '注册' }).click();
    const form = page.locator('.ba-member-login-box');
    await formItem(form, '用户名').locator('input').fill(username);
    await formItem(form, '密码').locator('input').last().fill(firstPassword);
    await formItem(form, '电子邮箱').locator('input').fill(email);
  });

  await step('code sent by e-mail', async () => {
    await page.locator('[data-testid=send-code]').click();
    const code = await mailbox.codeFor(email);
    expect((await mailbox.latest(email)).subject).toContain(code);
    await eventually(async () => expect(await page.locator('[data-testid=send-code]').innerText()).toMatch(/\d+ 秒后重新获取/));
    await page.locator('input[name=captcha]').fill(code);
  });

  await step('signed up and in the member center', async () => {
    await page.locator('[data-testid=register-submit]').click();
    await expectPath(page, '/user/account/overview');
    await settled(page);
    await page.locator('.ba-user-menu').waitFor();
    expect(await page.locator('.ba-user-menu').innerText()).toContain('个人资料');
    const info = await storedMember(page);
    expect(info).toMatchObject({ username, email });
    expect(String(info?.token ?? '')).not.toBe('');
  });

  await step('top-bar and user-menu items from the member rules', async () => {
    // an admin adds a `nav` rule (a site route in the top bar) and a `nav_user_menu` rule (an outside link
    // in the member's menu); the default member group holds every rule
    const signIn = await fetch(`${base}/admin/index/login`, { method: 'POST', headers: { 'content-type': 'application/json', server: '1' }, body: JSON.stringify({ username: 'admin', password: 'Member-Spec-Admin-1' }) });
    const token = ((await signIn.json()) as { data: { userInfo: { token: string } } }).data.userInfo.token;
    const addRule = async (rule: Record<string, unknown>) => {
      const res = await fetch(`${base}/admin/user.Rule/add`, { method: 'POST', headers: { 'content-type': 'application/json', server: '1', batoken: token }, body: JSON.stringify(rule) });
      expect(((await res.json()) as { code: number }).code).toBe(1);
    };
    await addRule({ type: 'nav', title: '会员首页', name: 'member-home', path: '/user/account/overview', icon: 'IconHome', pid: 0, status: 1 });
    await addRule({ type: 'nav_user_menu', title: '帮助中心', name: 'help-center', menu_type: 'link', url: 'https://help.example.com/', pid: 0, status: 1 });
    await page.reload();
    await settled(page);
    const nav = page.locator('[data-testid=member-top-nav]');
    await nav.waitFor();
    expect((await nav.innerText()).trim()).toBe('会员首页');
    const help = page.locator('.ba-user-menu-link', { hasText: '帮助中心' });
    await hoverUntil(page.locator('[data-testid=member-menu]'), help);
    expect(await help.getAttribute('href')).toBe('https://help.example.com/');
    expect(await help.getAttribute('target')).toBe('_blank');
    await page.mouse.move(0, 300);
  });

  await step('profile edited', async () => {
    await page.locator('.ba-user-menu .arco-menu-item', { hasText: '个人资料' }).click();
    await expectPath(page, '/user/account/profile');
    const form = page.locator('.ba-profile-form');
    await form.waitFor();
    await eventually(async () => expect(await formItem(form, '用户名').locator('input').inputValue()).toBe(username));
    await formItem(form, '昵称').locator('input').fill(`仓管小王${suffix}`);
    await page.locator('[data-testid=gender-2]').click();
    const birthday = formItem(form, '生日').locator('input');
    await birthday.click();
    await birthday.fill('1992-03-04');
    await birthday.press('Enter');
    await formItem(form, '个性签名').locator('textarea').fill('库存就是真相');
    await shot('profile form');
    await page.locator('[data-testid=profile-save]').click();
    await eventually(async () => expect(await storedMember(page)).toMatchObject({ nickname: `仓管小王${suffix}`, gender: 2, birthday: '1992-03-04', motto: '库存就是真相' }));
    await eventually(async () => expect(await page.locator('.ba-user-card').innerText()).toContain(`仓管小王${suffix}`));
    // the female icon in the danger colour
    expect(await page.locator('[data-testid=gender-2] .ba-gender-icon').getAttribute('class')).toContain('is-danger');
  });

  await step('profile kept after a reload', async () => {
    await page.reload();
    const form = page.locator('.ba-profile-form');
    await eventually(async () => expect(await formItem(form, '昵称').locator('input').inputValue()).toBe(`仓管小王${suffix}`));
    expect(await formItem(form, '生日').locator('input').inputValue()).toBe('1992-03-04');
  });

  await step('password changed', async () => {
    await page.locator('.ba-user-menu .arco-menu-item', { hasText: '修改密码' }).click();
    await expectPath(page, '/user/account/changePassword');
    await page.locator('input[name=oldPassword]').fill(firstPassword);
    await page.locator('input[name=newPassword]').fill(secondPassword);
    await page.locator('input[name=confirmPassword]').fill(secondPassword);
    await page.locator('[data-testid=change-password-submit]').click();
    await eventually(async () => expect(await message(page).innerText()).toContain('密码已修改'));
  });

  await step('signed out', async () => {
    await chooseFromHoverMenu(page.locator('[data-testid=member-menu]'), page.locator('[data-testid=member-logout]'));
    await page.locator('.arco-modal .arco-btn-primary').click();
    await expectPath(page, '/user/login');
    await page.locator('.ba-member-login-box').waitFor();
    expect((await storedMember(page))?.token ?? '').toBe('');
  });

  await step('old password refused', async () => {
    await signIn(page, username, firstPassword);
    await eventually(async () => expect(await page.locator('.arco-notification').last().innerText()).toContain('用户名或密码'));
    expect(page.url()).toContain('/user/login');
  });

  await step('password retrieved by e-mail', async () => {
    mailbox.clear();
    await page.locator('[data-testid=forgot-password]').click();
    const dialog = page.locator('.ba-retrieve-dialog');
    await dialog.waitFor();
    await dialog.locator('input[name=retrieve-account]').fill(email);
    await dialog.locator('[data-testid=send-code]').click();
    const code = await mailbox.codeFor(email);
    await dialog.locator('input[name=captcha]').fill(code);
    await dialog.locator('input[name=retrieve-password]').fill(thirdPassword);
    await shot('retrieve dialog');
    await page.locator('.ba-retrieve-dialog .arco-modal-footer .arco-btn-primary').click();
    await dialog.waitFor({ state: 'hidden' });
    await eventually(async () => expect(await message(page).innerText()).toContain('密码已修改'));
  });

  await step('signed in with the new password', async () => {
    await signIn(page, email, thirdPassword);
    await expectPath(page, '/user/account/overview');
    await eventually(async () => expect(await page.locator('.ba-user-card').innerText()).toContain(`仓管小王${suffix}`));
    expect(await storedMember(page)).toMatchObject({ username, nickname: `仓管小王${suffix}` });
  });

  await step('english and dark theme', async () => {
    await page.locator('.ba-user-header [aria-label="切换到深色主题"]').click();
    await eventually(async () => expect(await page.locator('body').getAttribute('arco-theme')).toBe('dark'));
    await chooseFromHoverMenu(page.locator('.ba-user-header button', { hasText: '中文简体' }), 'English');
    await eventually(async () => expect(await page.locator('.ba-user-menu').innerText()).toContain('Profile'));
    await eventually(async () => expect(await page.locator('.ba-overview-chart').first().innerText()).toContain('Score changes'));
  });

  expect(pageErrors).toEqual([]);
});
