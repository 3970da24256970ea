/**
 * Notices, adverts and paid content in the browser: an admin sees an unread notice under the header's bell
 * and reads it; a member reads it in the member center; a visitor sees an advert on the home page and
 * clicks it (the click counted, the link opened in a new tab); a member buys a paid article with the
 * balance and reads it in full. Last, the back office's notice page in English on the dark theme.
 * Screenshots: test-output/screenshots/content-modules/.
 */
import { browserSpec } from './support/browser';
import { adminApi, type AdminApi, type Row } from './support/api';
import { chooseFromHoverMenu, eventually, expectPath, formItem, headerTexts, row, settled, signIn } from './support/admin';

const { test } = browserSpec('content-modules');

/** The advert position `name`, made when the site has none yet (the specs share one database). */
async function position(api: AdminApi, name: string): Promise<Row> {
  const found = await api.get('cms.AdvertPosition', 'index', { 'search[0][field]': 'name', 'search[0][val]': name, 'search[0][operator]': 'eq' });
  return (found.list as Row[])[0] ?? api.post('cms.AdvertPosition', 'add', { name, title: name === 'home' ? '首页横幅' : '会员中心', width: 1200, height: 200 });
}

test('notices, an advert and a paid article', async ({ page, context, baseUrl, step, shot, adminPassword }) => {
  const suffix = Date.now().toString(36).slice(-5);
  const api = await adminApi();
  const notice = await api.post('routine.Notice', 'add', { title: `盘点通知 ${suffix}`, content: `<p>周五盘点 <strong>${suffix}</strong></p>`, audience: 3 });
  const home = await position(api, 'home');
  const advert = await api.post('cms.Advert', 'add', { position_id: home.id, title: `促销 ${suffix}`, link: `${baseUrl}/#/search?keywords=${suffix}`, weigh: 1_000_000 });
  const channel = await api.post('cms.Channel', 'add', { name: `付费专栏${suffix}` });
  const article = await api.post('cms.Content', 'add', { channel_id: channel.id, title: `深度报告 ${suffix}`, content: `<p>付费正文 ${suffix}</p>`, price: '2.50', currency: 1 });
  const username = `payer_${suffix}`;
  const member = await api.post('user.User', 'add', { username, nickname: `付费读者${suffix}`, password: 'Reader-Pass-1', group_id: 1, status: 1 });
  await api.post('user.MoneyLog', 'add', { user_id: member.id, money: '10.00', memo: 'top-up' });

  await step('the admin sees the unread notice under the bell and reads it', async () => {
    await signIn(page, adminPassword);
    const unread = page.locator('[data-testid=notice-unread] .arco-badge-number');
    await eventually(async () => expect(Number(await unread.innerText())).toBeGreaterThan(0));
    const before = Number(await unread.innerText());
    await page.locator('[data-testid=notice-bell]').click();
    const item = page.locator('[data-testid=notice-item]').filter({ hasText: `盘点通知 ${suffix}` });
    await item.waitFor();
    await shot('notices under the bell');
    await item.click();
    await eventually(async () => expect(await page.locator('[data-testid=notice-body]').innerText()).toContain(`周五盘点 ${suffix}`));
    await shot('a notice read');
    await page.locator('[data-testid=notice-dialog] .arco-modal-close-icon').click();
    await page.locator('[data-testid=notice-body]').waitFor({ state: 'hidden' });
    await eventually(async () => expect(Number((await unread.count()) ? await unread.innerText() : 0)).toBe(before - 1));
    const mine = await api.get('routine.Notice', 'mine', { limit: 50 });
    expect((mine.list as Row[]).find((n) => n.id === notice.id)?.read).toBe(true);
  });

  const visitor = await context.newPage();
  await step('a visitor sees the advert on the home page and clicks it', async () => {
    await visitor.bringToFront();
    await visitor.goto('/#/');
    await visitor.locator('[data-testid=home-latest]').waitFor();
    const link = visitor.locator('[data-testid=adverts-home] [data-testid=advert]').filter({ hasText: `促销 ${suffix}` });
    await link.waitFor();
    await visitor.screenshot({ path: await shot('advert on the home page') });
    const [opened] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await eventually(() => expect(opened.url()).toContain(`keywords=${suffix}`));
    await opened.close();
    await eventually(async () => expect((await api.get('cms.Advert', 'edit', { id: advert.id })).row.clicks).toBe(1));
  });

  await step('the member reads the notice in the member center', async () => {
    await visitor.goto('/#/user/login');
    const box = visitor.locator('.ba-member-login-box');
    await box.waitFor();
    await formItem(box, '账户').locator('input').fill(username);
    await formItem(box, '密码').locator('input').fill('Reader-Pass-1');
    await visitor.locator('[data-testid=login-submit]').click();
    await expectPath(visitor, '/user/account/overview');
    await visitor.goto('/#/user/account/notice');
    const mine = visitor.locator('[data-testid=my-notice]').filter({ hasText: `盘点通知 ${suffix}` });
    await mine.waitFor();
    await eventually(async () => expect(await visitor.locator('[data-testid=my-notices]').innerText()).toContain('未读'));
    await visitor.screenshot({ path: await shot('member notices') });
    await mine.click();
    await eventually(async () => expect(await visitor.locator('[data-testid=notice-body]').innerText()).toContain(`周五盘点 ${suffix}`));
    await visitor.screenshot({ path: await shot('member reads the notice') });
    await visitor.keyboard.press('Escape');
    await eventually(async () => expect(await visitor.locator('[data-testid=my-notices] tr').filter({ hasText: `盘点通知 ${suffix}` }).innerText()).toContain('已读'));
  });

  await step('the member buys the paid article and reads it in full', async () => {
    await visitor.goto(`/#/content/${article.id}`);
    await visitor.locator('[data-testid=paid-notice]').waitFor();
    expect(await visitor.locator('[data-testid=paid-notice]').innerText()).toContain('2.50');
    expect(await visitor.locator('[data-testid=article-body]').count()).toBe(0);
    await visitor.screenshot({ path: await shot('paid article before buying') });
    await visitor.locator('[data-testid=buy-content]').click();
    await eventually(async () => expect(await visitor.locator('[data-testid=article-body]').innerText()).toContain(`付费正文 ${suffix}`));
    await visitor.screenshot({ path: await shot('paid article bought') });
    const log = await api.get('cms.PayLog', 'index', { user_id: member.id });
    expect((log.list as Row[]).map((r) => [r.content_id, r.amount])).toEqual([[article.id, '2.50']]);
    const balance = await api.get('user.MoneyLog', 'index', { user_id: member.id });
    expect((balance.list as Row[])[0]).toMatchObject({ money: '-2.50', after: '7.50' });
  });

  await step('the new back-office pages open with their columns translated', async () => {
    await page.bringToFront();
    const pages: Array<[string, string[]]> = [
      ['/admin/cms/advertPosition', ['标识', '名称', '宽度（像素）']],
      ['/admin/cms/advert', ['广告位', '链接', '点击数']],
      ['/admin/cms/contentModel', ['名称', '字段']],
      ['/admin/cms/payLog', ['会员', '支付方式', '金额']],
      ['/admin/auth/department', ['名称', '启用']],
      ['/admin/auth/job', ['名称', '启用']],
      ['/admin/auth/admin', ['部门', '职位']],
    ];
    for (const [path, headers] of pages) {
      await page.goto(`/#${path}`);
      await settled(page);
      await eventually(async () => expect(await headerTexts(page)).toEqual(expect.arrayContaining(headers)), 10_000, `the headers of ${path}`);
    }
    await page.goto('/#/admin/cms/advert');
    await settled(page);
    await eventually(async () => expect(await row(page, `促销 ${suffix}`).count()).toBe(1));
    await shot('adverts with their clicks');
  });

  // last: a language or theme switch reaches every tab of the browser
  await step('the notices page of the back office (English, dark theme)', async () => {
    await page.bringToFront();
    await page.goto('/#/admin/routine/notice');
    await settled(page);
    await eventually(async () => expect(await row(page, `盘点通知 ${suffix}`).count()).toBe(1));
    expect(await row(page, `盘点通知 ${suffix}`).innerText()).toContain('管理员和会员');
    await chooseFromHoverMenu(page.locator('[data-testid=lang-switch]'), 'English');
    await page.locator('[data-testid=theme-switch]').click();
    await eventually(async () => expect(await row(page, `盘点通知 ${suffix}`).innerText()).toContain('Admins and members'));
    await shot('notices page en dark');
  });
});
