/**
 * A member on a phone (390 × 844, touch), in Chinese and in English: resets a forgotten password with a
 * text-message code in a dialog that fits the screen, signs in with the new one, reads the member center
 * (overview and profile, light and dark theme: screenshots) with no word broken across lines (greeting,
 * name, contacts), and signs out from the user menu.
 *
 * Like member-sms-reset, a server of its own (the same build, a fresh DATA_DIR) with SMS_DRIVER=database:
 * the development driver records each message in `sms_message`, which the spec reads.
 * Screenshots: test-output/screenshots/member-phone/.
 */
import type { Locator, Page } from 'playwright-core';
import request from 'supertest';
import { TEST_ADMIN_PASSWORD } from '../setup/create-test-app';
import { eventually, expectPath, settled } from './support/admin';
import { smsServer } from './support/sms-server';
import { browserSpec, PHONE } from './support/browser';
import { brokenWords } from './support/text';

const { test } = browserSpec('member-phone', PHONE);
const sms = smsServer('member-phone');

async function openIn(page: Page, lang: 'zh-cn' | 'en', theme: 'light' | 'dark'): Promise<void> {
  await page.evaluate(
    ([l, th]) => (globalThis as any).localStorage.setItem('storeConfig_v2', JSON.stringify({ layoutMode: 'Default', theme: th, menuCollapse: true, lang: l })),
    [lang, theme] as const,
  );
}

/** The box lies within the 390 px wide screen. */
async function onScreen(locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  return !!box && box.x >= 0 && box.x + box.width <= 390 && box.width > 0;
}

const MOBILES = { 'zh-cn': '13900139011', en: '13900139012' } as const;

for (const lang of ['zh-cn', 'en'] as const) {
  const words = lang === 'zh-cn' ? { logout: '退出登录', profile: '个人资料' } : { logout: 'Sign out', profile: 'Profile' };

  test(`a member on a phone (${lang}): password reset by SMS code, the member center in both themes, sign out from the user menu`, async ({ page, step, shot, pageErrors }) => {
    const base = sms.base();
    const mobile = MOBILES[lang];
    const username = `mp${lang.slice(0, 2)}${Date.now().toString(36).slice(-5)}`;
    const nickname = lang === 'zh-cn' ? `欧阳娜娜${username.slice(-3)}` : `Maximilian Featherstonehaugh`;
    const newPassword = 'Phone-Reset-Pass-2';

    await step('a member with a mobile number', async () => {
      const admin = await request(base).post('/admin/index/login').send({ username: 'admin', password: TEST_ADMIN_PASSWORD });
      const added = await request(base)
        .post('/admin/user.User/add')
        .set('batoken', admin.body.data.userInfo.token)
        .send({ username, nickname, group_id: 1, mobile, password: 'Phone-First-Pass-1', status: 1 });
      expect(added.body.code).toBe(1);
      await page.goto(`${base}/#/user/login`);
      await openIn(page, lang, 'light');
      await page.reload();
      await page.locator('.ba-member-login-box').waitFor();
      await settled(page);
    });

    await step('the forgotten password reset with a text-message code, the dialog within the screen', async () => {
      await page.locator('[data-testid=forgot-password]').tap();
      const dialog = page.locator('.ba-retrieve-dialog');
      await dialog.waitFor();
      await eventually(async () => expect(await onScreen(dialog)).toBe(true));
      await dialog.locator('input[name=retrieve-account]').fill(mobile);
      await dialog.locator('[data-testid=send-code]').tap();
      await dialog.locator('input[name=captcha]').fill(await sms.smsCode(mobile));
      await dialog.locator('input[name=retrieve-password]').fill(newPassword);
      expect(await brokenWords(dialog)).toEqual([]);
      await shot(`retrieve by SMS (${lang})`);
      await dialog.locator('.arco-modal-footer .arco-btn-primary').tap();
      await dialog.waitFor({ state: 'hidden' });
    });

    await step('signed in with the new password', async () => {
      const form = page.locator('.ba-member-login-box');
      await form.locator('input[name=username]').fill(mobile);
      await form.locator('input[name=password]').fill(newPassword);
      await page.locator('[data-testid=login-submit]').tap();
      await expectPath(page, '/user/account/overview');
      await page.locator('.ba-user-content .ba-overview-hello').waitFor();
    });

    for (const theme of ['light', 'dark'] as const) {
      await step(`the member center in the ${theme} theme: no word broken`, async () => {
        await openIn(page, lang, theme);
        await page.goto(`${base}/#/user/account/overview`);
        // the theme saved is read when the app starts
        await page.reload();
        await page.locator('.ba-user-content .ba-overview-hello').waitFor();
        await settled(page);
        await eventually(async () => expect(await page.locator('body').getAttribute('arco-theme')).toBe(theme === 'dark' ? 'dark' : null));
        expect(await page.locator('.ba-overview-hello').innerText()).toContain(nickname);
        // a long name keeps the header within the screen
        expect(await onScreen(page.locator('[data-testid=member-menu]'))).toBe(true);
        expect(await page.evaluate(() => (globalThis as any).document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
        expect(await brokenWords(page.locator('.ba-user-layout'))).toEqual([]);
        await shot(`overview ${theme} (${lang})`);
        await page.goto(`${base}/#/user/account/profile`);
        await page.locator('[data-testid=contact-mobile]').waitFor();
        await settled(page);
        expect(await page.locator('.ba-user-page-title').innerText()).toBe(words.profile);
        expect(await brokenWords(page.locator('.ba-user-content'))).toEqual([]);
      });
    }

    await step('sign out from the user menu', async () => {
      const trigger = page.locator('[data-testid=member-menu]');
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
