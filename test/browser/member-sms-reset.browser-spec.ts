/**
 * A site that sends codes by SMS only (no mail settings): a member who signed up with a mobile number
 * resets a forgotten password with a text-message code. The dialog must offer the mobile number, not the
 * e-mail the channels defaulted to before they loaded.
 *
 * The shared browser server has no SMS driver, so this spec starts a server of its own (the same build, a
 * fresh DATA_DIR) with SMS_DRIVER=database: the development driver records each message in `sms_message`,
 * which the spec reads. Screenshots: test-output/screenshots/member-sms-reset/.
 */
import request from 'supertest';
import { TEST_ADMIN_PASSWORD } from '../setup/create-test-app';
import { eventually, expectPath, formItem, settled } from './support/admin';
import { smsServer } from './support/sms-server';
import { browserSpec } from './support/browser';

const { test } = browserSpec('member-sms-reset');
const sms = smsServer('sms-browser');

test('a member of an SMS-only site resets the password with a text-message code', async ({ page, step, shot, pageErrors }) => {
  const base = sms.base();
  const mobile = '13900139001';
  const username = `sms_${Date.now().toString(36).slice(-5)}`;
  const newPassword = 'Sms-Reset-Pass-2';

  await step('a member with a mobile number and no e-mail', async () => {
    const channels = await request(base).get('/api/user/checkIn').set('server', '1');
    expect(channels.body.data.accountVerificationType).toEqual(['mobile']);
    const admin = await request(base).post('/admin/index/login').send({ username: 'admin', password: TEST_ADMIN_PASSWORD });
    const added = await request(base)
      .post('/admin/user.User/add')
      .set('batoken', admin.body.data.userInfo.token)
      .send({ username, nickname: username, group_id: 1, mobile, password: 'Sms-First-Pass-1', status: 1 });
    expect(added.body.code).toBe(1);
  });

  await step('the forgotten-password dialog asks for the mobile number', async () => {
    await page.goto(`${base}/#/user/login`);
    await page.locator('.ba-member-login-box').waitFor();
    await settled(page);
    await page.locator('[data-testid=forgot-password]').click();
    const dialog = page.locator('.ba-retrieve-dialog');
    await dialog.waitFor();
    await eventually(async () => expect(await formItem(dialog, '手机号').count()).toBe(1));
    expect(await formItem(dialog, '电子邮箱').count()).toBe(0);
    expect(await dialog.locator('.arco-radio', { hasText: '邮箱' }).count()).toBe(0);
    await dialog.locator('input[name=retrieve-account]').fill(mobile);
    await dialog.locator('[data-testid=send-code]').click();
    await dialog.locator('input[name=captcha]').fill(await sms.smsCode(mobile));
    await dialog.locator('input[name=retrieve-password]').fill(newPassword);
    await shot('retrieve by SMS');
    await dialog.locator('.arco-modal-footer .arco-btn-primary').click();
    await dialog.waitFor({ state: 'hidden' });
  });

  await step('signed in with the new password', async () => {
    const form = page.locator('.ba-member-login-box');
    await formItem(form, '账户').locator('input').fill(mobile);
    await formItem(form, '密码').locator('input').fill(newPassword);
    await page.locator('[data-testid=login-submit]').click();
    await expectPath(page, '/user/account/overview');
  });

  expect(pageErrors).toEqual([]);
});
