/**
 * Content management in the browser: an admin writes and publishes an article in the back office (rich-text
 * editor), it appears on the home page `/` in Chinese and English; a member comments (with a script in it),
 * the comment shows only after the admin approves it, as text — nothing a title, body or comment carries
 * ever runs. Then the member center's "my comments" / "my contributions" (a contribution to a channel with a
 * content model: its fields shown, a missing required one refused, on a phone in both languages), the message templates page and
 * the SMS settings, on the dark theme too.
 * Screenshots of every step: test-output/screenshots/cms/.
 */
import type { Page } from 'playwright-core';
import { browserSpec } from './support/browser';
import { adminApi } from './support/api';
import { chooseFromHoverMenu, drawer, eventually, expectPath, formItem, openMenu, pickOptions, row, settled, signIn } from './support/admin';

const { test } = browserSpec('cms');

interface PageWindow {
  __xss?: number;
  location: { hash: string };
}

const xssFired = (page: Page) => page.evaluate(() => (globalThis as unknown as PageWindow).__xss ?? 0);

async function switchLanguage(page: Page, to: 'English' | '中文简体') {
  await chooseFromHoverMenu(page.locator('.ba-site-tools button').filter({ hasText: to === 'English' ? '中文简体' : 'English' }), to);
}

test('an admin publishes an article, a member comments, the comment shows after the audit', async ({ page, context, step, shot, adminPassword, pageErrors }) => {
  const suffix = Date.now().toString(36).slice(-5);
  const title = `新仓库开业 ${suffix}`;
  const api = await adminApi();
  const channel = await api.post('cms.Channel', 'add', { name: `公司新闻${suffix}` });
  await api.post('cms.Channel', 'add', { name: `行业动态${suffix}` });
  // a title is plain text: markup in it is refused at input
  await expect(api.post('cms.Content', 'add', { channel_id: channel.id, title: `<img src=x onerror="window.__xss=1"> ${suffix}`, content: '<p>x</p>' })).rejects.toThrow('HTML');
  // an article whose title carries the characters markup is made of, and whose body and link try to run
  // script: none of it may run anywhere it is shown
  const hostile = await api.post('cms.Content', 'add', {
    channel_id: channel.id,
    title: `1 < 2 & "3" > 0 onerror=window.__xss=1 攻击标题 ${suffix}`,
    content: `<p>正文</p><img src="x" onerror="window.__xss=2"><script>window.__xss=3</script><a href="javascript:window.__xss=4">链接</a>`,
    flag: [2],
  });
  const username = `reader_${suffix}`;
  await api.post('user.User', 'add', { username, nickname: `读者${suffix}`, password: 'Reader-Pass-1', group_id: 1, status: 1 });

  await step('back office: the content menu and an empty form', async () => {
    await signIn(page, adminPassword);
    await openMenu(page, '内容管理', '内容管理');
    await expectPath(page, '/admin/cms/content');
    await settled(page);
    await page.locator('[data-crud=add]').click();
    const form = drawer(page);
    await form.waitFor();
    await formItem(form, '频道').locator('.arco-tree-select-view').click();
    await page.locator('.arco-tree-select-popup .arco-tree-node-title').filter({ hasText: `公司新闻${suffix}` }).click();
    await formItem(form, '标题').locator('input').fill(title);
    await pickOptions(page, formItem(form, '标志'), ['置顶', '推荐']);
    await formItem(form, '描述').locator('textarea').fill('华东新仓库今日启用');
  });

  await step('rich-text body written with the toolbar', async () => {
    const form = drawer(page);
    const editor = form.locator('[data-testid=rich-text] .ba-rich-text-content');
    await editor.waitFor();
    await editor.click();
    await page.keyboard.type('新仓库面积一万平方米。');
    await page.keyboard.press('Enter');
    await form.locator('[data-rich-text=bold]').click();
    await page.keyboard.type('欢迎参观');
    await eventually(async () => expect(await editor.innerHTML()).toContain('<strong>欢迎参观</strong>'));
    await shot('content form with the editor');
    await form.locator('[data-crud=form-submit]').click();
    await form.waitFor({ state: 'hidden' });
    await eventually(async () => expect(await row(page, title).count()).toBe(1));
    expect(await row(page, title).innerText()).toContain('已发布');
  });

  await step('home page in Chinese: the published article', async () => {
    await page.goto('/#/');
    await page.locator('[data-testid=home-top]').waitFor();
    expect(await page.locator('[data-testid=home-top]').innerText()).toContain(title);
    expect(await page.locator('[data-testid=home-hot]').innerText()).toContain('攻击标题');
    expect(await page.locator('[data-testid=site-channels]').innerText()).toContain(`公司新闻${suffix}`);
    expect(await page.locator('[data-testid=home-latest]').innerText()).toContain('最新发布');
    // the hostile title is shown as its text
    expect(await page.locator('[data-testid=home-hot]').innerText()).toContain('1 < 2 & "3" > 0 onerror=window.__xss=1');
    expect(await xssFired(page)).toBe(0);
  });

  await step('home page in English', async () => {
    await switchLanguage(page, 'English');
    await eventually(async () => expect(await page.locator('[data-testid=home-latest]').innerText()).toContain('Latest'));
    expect(await page.locator('[data-testid=home-top]').innerText()).toContain('Top stories');
    expect(await page.locator('[data-testid=home-top]').innerText()).toContain(title);
    await switchLanguage(page, '中文简体');
    await eventually(async () => expect(await page.locator('[data-testid=home-latest]').innerText()).toContain('最新发布'));
  });

  await step('the hostile article: its body sanitised, nothing runs', async () => {
    await page.goto(`/#/content/${hostile.id}`);
    await page.locator('[data-testid=article-body]').waitFor();
    const body = await page.locator('[data-testid=article-body]').innerHTML();
    expect(body).not.toContain('onerror');
    expect(body).not.toContain('script');
    expect(body).not.toContain('javascript:');
    expect(await page.locator('[data-testid=article-title]').innerText()).toContain('1 < 2 & "3" > 0 onerror');
    expect(await xssFired(page)).toBe(0);
  });

  // the member, in a second tab with its own session
  const member = await context.newPage();
  await step('member signs in and comments', async () => {
    await member.goto('/#/user/login');
    const box = member.locator('.ba-member-login-box');
    await box.waitFor();
    await formItem(box, '账户').locator('input').fill(username);
    await formItem(box, '密码').locator('input').fill('Reader-Pass-1');
    await member.locator('[data-testid=login-submit]').click();
    await expectPath(member, '/user/account/overview');
    await member.goto(`/#/`);
    await member.locator('[data-testid=home-top]').waitFor();
    await member.locator('[data-testid=home-top] [data-testid=content-title]').filter({ hasText: title }).click();
    await member.locator('[data-testid=article]').waitFor();
    expect(await member.locator('[data-testid=article-body]').innerHTML()).toContain('<strong>欢迎参观</strong>');
    await member.locator('[data-testid=comment-text] textarea, textarea[data-testid=comment-text]').first().fill('<img src=x onerror="window.__xss=5">期待开业！');
    await member.locator('[data-testid=comment-submit]').click();
    await eventually(async () => expect(await member.locator('.arco-message').last().innerText()).toContain('审核通过后即会显示'));
    expect(await member.locator('[data-testid=comment]').count()).toBe(0);
    await member.screenshot({ path: await shot('member comment sent (not shown before the audit)') });
  });

  await step('admin approves the comment', async () => {
    await page.goto('/#/admin/cms/comment');
    await settled(page);
    await eventually(async () => expect(await row(page, '期待开业').count()).toBe(1));
    expect(await row(page, '期待开业').innerText()).toContain('待审核');
    expect(await row(page, '期待开业').innerText()).toContain('<img src=x');
    await row(page, '期待开业').locator('[data-crud=row-approve]').click();
    await eventually(async () => expect(await row(page, '期待开业').innerText()).toContain('已显示'));
    expect(await xssFired(page)).toBe(0);
  });

  await step('the comment shows on the article, as text (Chinese)', async () => {
    await member.reload();
    await member.locator('[data-testid=comment]').first().waitFor();
    const comment = member.locator('[data-testid=comment]').first();
    expect(await comment.innerText()).toContain('<img src=x onerror="window.__xss=5">期待开业！');
    expect(await comment.innerText()).toContain(`读者${suffix}`);
    expect(await xssFired(member)).toBe(0);
    await member.screenshot({ path: await shot('approved comment on the article zh') });
  });

  await step('the comment shows on the article (English)', async () => {
    await switchLanguage(member, 'English');
    await eventually(async () => expect(await member.locator('[data-testid=comments] h3').innerText()).toContain('Comments (1)'));
    await member.screenshot({ path: await shot('approved comment on the article en') });
    await switchLanguage(member, '中文简体');
  });

  await step('member center: my comments and my contributions', async () => {
    await member.goto('/#/user/cms/comments');
    await member.locator('[data-testid=my-comments]').waitFor();
    await eventually(async () => expect(await member.locator('[data-testid=my-comments]').innerText()).toContain('已显示'));
    await member.screenshot({ path: await shot('my comments') });
    await member.goto('/#/user/cms/contributions');
    await member.locator('[data-testid=contribute]').click();
    await member.locator('[data-testid=contribute-title]').fill(`投稿 ${suffix}`);
    await member.locator('[data-testid=contribute-channel]').click();
    await member.locator('.arco-select-popup .arco-select-option').filter({ hasText: `公司新闻${suffix}` }).click();
    await member.locator('[data-testid=rich-text] .ba-rich-text-content').click();
    await member.keyboard.type('我的第一篇投稿');
    await member.screenshot({ path: await shot('contribution form') });
    await member.locator('[data-testid=contribute-submit]').click();
    await eventually(async () => expect(await member.locator('[data-testid=my-contributions]').innerText()).toContain(`投稿 ${suffix}`));
    expect(await member.locator('[data-testid=my-contributions]').innerText()).toContain('待审核');
    await member.screenshot({ path: await shot('my contributions') });
  });

  await step("a contribution to a channel with a content model: its fields in the form, checked, on a phone in both languages", async () => {
    const model = await api.post('cms.ContentModel', 'add', {
      name: `书目${suffix}`,
      fields: [
        { name: 'author', title: '作者', type: 'text', required: true },
        { name: 'format', title: '格式', type: 'select', options: ['纸质', '电子'] },
      ],
    });
    await api.post('cms.Channel', 'add', { name: `书评${suffix}`, model_id: model.id });
    const viewport = member.viewportSize();
    await member.setViewportSize({ width: 390, height: 844 });
    // the same page as the step before: loaded again, so its channel list has the new channel
    await member.goto('/#/user/cms/contributions');
    await member.reload();
    await member.locator('[data-testid=contribute]').click();
    await member.locator('[data-testid=contribute-title]').fill(`书评投稿 ${suffix}`);
    await member.locator('[data-testid=contribute-channel]').click();
    await member.locator('.arco-select-popup .arco-select-option').filter({ hasText: `书评${suffix}` }).click();
    const fields = member.locator('[data-testid=extra-fields]');
    await fields.filter({ hasText: '本栏目的附加字段' }).waitFor();
    expect(await fields.innerText()).toContain('作者');
    // the form fits the phone: nothing wider than the screen
    expect(await member.evaluate(() => (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await member.locator('[data-testid=rich-text] .ba-rich-text-content').click();
    await member.keyboard.type('一本好书');
    // the required field left empty: refused, translated, nothing saved
    await member.locator('[data-testid=contribute-submit]').click();
    await member.locator('.arco-notification, .arco-message').filter({ hasText: '请输入作者' }).first().waitFor();
    await member.screenshot({ path: await shot('contribution model fields refused zh 390') });
    await member.locator('input[data-testid=extra-author]').fill('鲁迅');
    await member.locator('[data-testid=contribute-submit]').click();
    await eventually(async () => expect(await member.locator('[data-testid=my-contributions]').innerText()).toContain(`书评投稿 ${suffix}`));
    // read back when revising, in English
    await chooseFromHoverMenu(member.locator('.ba-user-header-right button').filter({ hasText: '中文简体' }), 'English');
    await member.locator('tr').filter({ hasText: `书评投稿 ${suffix}` }).locator('button').filter({ hasText: 'Revise' }).click();
    await fields.filter({ hasText: 'Fields of this channel' }).waitFor();
    await eventually(async () => expect(await member.locator('input[data-testid=extra-author]').inputValue()).toBe('鲁迅'));
    await member.screenshot({ path: await shot('contribution model fields en 390') });
    // closed by its close button, and gone before the header is used (Esc in a field of it keeps it open)
    await member.locator('.arco-drawer:visible .arco-drawer-close-icon').click();
    await member.locator('.arco-drawer:visible').waitFor({ state: 'detached' });
    await chooseFromHoverMenu(member.locator('.ba-user-header-right button').filter({ hasText: 'English' }), '中文简体');
    if (viewport) await member.setViewportSize(viewport);
  });

  await step('message templates and SMS settings (English, dark theme)', async () => {
    // the member's tab was in front: a hover menu of a tab behind it does not open
    await page.bringToFront();
    await page.goto('/#/admin/routine/messageTemplate');
    await settled(page);
    await chooseFromHoverMenu(page.locator('[data-testid=lang-switch]'), 'English');
    await page.locator('[data-testid=theme-switch]').click();
    await eventually(async () => expect(await row(page, 'Sign-up code').count()).toBeGreaterThan(0));
    await page.goto('/#/admin/routine/config');
    await settled(page);
    await page.locator('.arco-tabs-header-title').filter({ hasText: 'SMS' }).click();
    await eventually(async () => expect(await page.locator('.arco-form-item').filter({ hasText: 'SMS provider' }).count()).toBeGreaterThan(0));
    await shot('sms settings en dark');
    await page.goto('/#/');
    await page.locator('[data-testid=home-top]').waitFor();
    await eventually(async () => expect(await page.locator('[data-testid=home-latest]').innerText()).toContain('Latest'));
  });

  await step('home page on a phone (English, dark)', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/#/');
    await page.locator('[data-testid=home-top]').waitFor();
    // nothing wider than the screen: no sideways scrolling of the page
    const overflow = await page.evaluate(() => {
      const root = (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }).document.documentElement;
      return root.scrollWidth - root.clientWidth;
    });
    expect(overflow).toBeLessThanOrEqual(0);
  });

  expect(pageErrors).toEqual([]);
}, 240_000);
