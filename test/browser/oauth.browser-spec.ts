/**
 * Third-party sign-in and chat robots through their pages: the admin adds the stand-in OpenID Connect
 * provider (test/support/oauth-provider.ts, on loopback) on the providers page; a member signs in with it
 * from the sign-in page (the provider consents at once, the site registers the member) and finds the linked
 * account in the member center; the attempt is on the admin's log page. Then a DingTalk robot (a stand-in on
 * loopback that checks the signature) is added and sent a test message.
 *
 * Screenshots of every step: test-output/screenshots/oauth/.
 */
import { StandInProvider } from '../support/oauth-provider';
import { StandInRobots } from '../support/robot-receiver';
import { browserSpec } from './support/browser';
import { currentPage, drawer, eventually, expectPath, formItem, goHash, hashPath, openMenu, pickOptions, rows, settled, signIn } from './support/admin';

const { test } = browserSpec('oauth');

test('signs a member in with a local OpenID Connect provider, and sends a robot a signed test message', async ({ page, context, step, adminPassword, pageErrors }) => {
  const idp = await new StandInProvider().start();
  const robots = await new StandInRobots().start();
  const suffix = Date.now().toString(36).slice(-5);
  const providerName = `本地身份${suffix}`;
  idp.subject = `member-${suffix}`;
  idp.name = `Browser ${suffix}`;
  try {
    await step('the admin adds the provider', async () => {
      await signIn(page, adminPassword);
      await settled(page);
      await openMenu(page, '会员管理', '第三方登录');
      await expectPath(page, '/admin/user/oauthProvider');
      await settled(page);
      await currentPage(page).locator('[data-crud=add]').click();
      const form = drawer(page);
      await form.waitFor();
      await formItem(form, '名称').locator('input').fill(providerName);
      await formItem(form, '签发方（Issuer）').locator('input').fill(idp.issuer);
      await formItem(form, '客户端 ID').locator('input').fill(idp.clientId);
      await formItem(form, '客户端密钥').locator('input').fill(idp.clientSecret);
      await form.locator('[data-crud=form-submit]').click();
      await rows(page).filter({ hasText: providerName }).first().waitFor();
      expect(await currentPage(page).innerText()).not.toContain(idp.clientSecret);
    });

    await step('the presets fill in an OAuth 2.0 provider', async () => {
      await currentPage(page).locator('[data-crud=add]').click();
      const form = drawer(page);
      await form.waitFor();
      await pickOptions(page, formItem(form, '预设'), ['GitHub']);
      await eventually(async () => expect(await formItem(form, '授权地址').locator('input').inputValue()).toBe('https://github.com/login/oauth/authorize'));
      expect(await formItem(form, '用户信息地址').locator('input').inputValue()).toBe('https://api.github.com/user');
      await form.locator('[data-crud=form-cancel]').click();
      await form.waitFor({ state: 'hidden' });
    });

    const member = await context.newPage();
    await step('the sign-in page offers the provider', async () => {
      await member.goto('/#/user/login');
      await member.locator('[data-testid=oauth-buttons]').getByRole('button', { name: providerName }).waitFor();
      await settled(member);
      await member.screenshot({ path: 'test-output/screenshots/oauth/member-login.png' });
    });

    await step('signing in with it comes back signed in to the member center', async () => {
      await member.locator('[data-testid=oauth-buttons]').getByRole('button', { name: providerName }).click();
      await eventually(() => expect(hashPath(member)).toMatch(/^\/user\/(?!login|oauth)/), 15_000, 'the member center');
      expect(idp.grants.at(-1)).toMatchObject({ code_challenge_method: 'S256' });
      expect(idp.refusals).toEqual([]);
      expect(new URL(member.url()).search).toBe('');
      await settled(member);
      await member.screenshot({ path: 'test-output/screenshots/oauth/member-center.png' });
    });

    await step('the member center lists the linked account', async () => {
      await goHash(member, '/user/account/oauth');
      const links = member.locator('[data-testid=oauth-links]');
      await links.locator('tbody tr', { hasText: providerName }).waitFor();
      expect(await links.innerText()).toContain(`Browser ${suffix}`);
      await member.screenshot({ path: 'test-output/screenshots/oauth/linked-accounts.png' });
      await member.close();
    });

    await step('the admin sees the attempt in the log', async () => {
      await openMenu(page, '会员管理', '第三方登录日志');
      await expectPath(page, '/admin/user/oauthLog');
      await settled(page);
      await rows(page).filter({ hasText: providerName }).filter({ hasText: 'registered' }).first().waitFor();
    });

    await step('a DingTalk robot added and sent a signed test message', async () => {
      await openMenu(page, '常规管理', '群机器人');
      await expectPath(page, '/admin/routine/robot');
      await settled(page);
      await currentPage(page).locator('[data-crud=add]').click();
      const form = drawer(page);
      await form.waitFor();
      await formItem(form, '名称').locator('input').fill(`值班群${suffix}`);
      await formItem(form, 'Webhook 地址').locator('input').fill(robots.dingTalkUrl);
      await formItem(form, '加签密钥').locator('input').fill(robots.secret);
      await pickOptions(page, formItem(form, '告警事件'), ['低于安全库存', '账本校验失败']);
      await form.locator('[data-crud=form-submit]').click();
      const robotRow = rows(page).filter({ hasText: `值班群${suffix}` }).first();
      await robotRow.waitFor();
      await robotRow.locator('[data-crud=row-test]').click();
      await page.locator('.arco-message').filter({ hasText: '机器人已接收测试消息' }).first().waitFor();
      expect(robots.got).toHaveLength(1);
      expect(robots.got[0]).toMatchObject({ path: '/dingtalk/send', signed: true });
    });

    await step('the robot log lists the message', async () => {
      await openMenu(page, '常规管理', '机器人发送记录');
      await expectPath(page, '/admin/routine/robotLog');
      await settled(page);
      await rows(page).filter({ hasText: 'robot.test' }).filter({ hasText: '已接收' }).first().waitFor();
    });
    expect(pageErrors).toEqual([]);
  } finally {
    await robots.stop();
    await idp.stop();
  }
});
