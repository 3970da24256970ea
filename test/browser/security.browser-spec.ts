/**
 * The page's Content-Security-Policy and framing: the built app works under its policy (sign-in, the
 * dashboard's charts, a list, an upload) without one violation; no other site may frame the back office;
 * `/#/admin/iframe/<url>` frames the address of an iframe menu rule the admin has, and nothing else.
 *
 * Screenshots of every step: test-output/screenshots/security/.
 */
import { createServer, type Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { adminApi } from './support/api';
import { browserSpec } from './support/browser';
import { watchCsp } from './support/csp';
import { serverInfo } from './support/server';
import { currentPage, drawer, eventually, expectPath, formItem, openMenu, settled, signIn } from './support/admin';

const { test } = browserSpec('security');

/** A page on another origin (another port): the outside site that frames, or the page an iframe menu shows. */
async function otherSite(html: (port: number) => string): Promise<{ server: Server; url: string }> {
  const server = createServer((_req, res) => {
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(html((server.address() as AddressInfo).port));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` };
}

test('the app works under its policy: sign-in, dashboard charts, a list, an upload', async ({ page, context, step, adminPassword, pageErrors }) => {
  const violations = await watchCsp(context, page);

  await step('the page carries its policy', async () => {
    const res = await fetch(`${serverInfo().baseUrl}/`);
    const policy = res.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("frame-ancestors 'self'");
    expect(policy).toMatch(/script-src 'self' 'sha256-[^']+' 'sha256-[^']+';/);
    expect(policy).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    const api = await fetch(`${serverInfo().baseUrl}/admin/index/login`);
    expect(api.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });

  await step('signed in', async () => {
    await signIn(page, adminPassword);
    await settled(page);
  });

  await step('dashboard charts drawn', async () => {
    for (const chart of ['quantity', 'amount']) {
      const canvas = page.locator(`[data-chart=${chart}] canvas`);
      await canvas.waitFor({ timeout: 30_000 });
      await eventually(async () => expect((await canvas.boundingBox())?.height ?? 0).toBeGreaterThan(200));
    }
  });

  await step('a list page, and a logo uploaded', async () => {
    await openMenu(page, '基础资料', '品牌');
    await expectPath(page, '/admin/wms/brand');
    await settled(page);
    await currentPage(page).locator('[data-crud=add]').click();
    const form = drawer(page);
    await form.waitFor();
    const logo = join(mkdtempSync(join(tmpdir(), 'csp-')), 'logo.png');
    await sharp({ create: { width: 12, height: 12, channels: 3, background: '#3366ff' } }).png().toFile(logo);
    const uploaded = page.waitForResponse((res) => res.url().includes('/admin/ajax/upload'));
    await formItem(form, '品牌标志').locator('input[type=file]').setInputFiles(logo);
    expect(((await (await uploaded).json()) as { code: number }).code).toBe(1);
    // the uploaded image is shown from /storage
    await eventually(async () => expect(await form.locator('.arco-upload-list-item img, .arco-upload-list-picture img').count()).toBeGreaterThan(0));
  });

  expect(await violations()).toEqual([]);
  expect(pageErrors).toEqual([]);
});

test('no other site can frame the back office', async ({ page, step }) => {
  const { baseUrl } = serverInfo();
  const outside = await otherSite(() => `<html><body><iframe id="victim" src="${baseUrl}/#/admin/login" width="800" height="600"></iframe></body></html>`);
  try {
    await step('an outside page framing the app', async () => {
      const refused = page.waitForEvent('console', { predicate: (m) => /frame-ancestors|X-Frame-Options/i.test(m.text()), timeout: 15_000 });
      await page.goto(outside.url);
      await refused;
      // nothing of the app rendered inside the frame
      const frame = page.frames().find((f) => f !== page.mainFrame());
      expect(await frame?.locator('#root').count().catch(() => 0)).toBe(0);
    });
  } finally {
    outside.server.close();
  }
});

test('iframe menus: the rule’s own address is framed, any other address is a 404', async ({ page, context, step, adminPassword }) => {
  const violations = await watchCsp(context, page);
  const helpPage = await otherSite(() => '<html><body><h1 id="help">帮助中心</h1></body></html>');
  const api = await adminApi(adminPassword);
  let ruleId = 0;
  try {
    await step('an iframe menu rule pointing at another origin', async () => {
      // the help page is plain http on loopback: its host must be on the iframe host list (empty: https only)
      await api.post('routine.Config', 'edit', { iframe_hosts: '127.0.0.1' });
      const rule = await api.post('auth.Rule', 'add', { type: 'menu', pid: 0, title: '帮助中心', title_en: 'Help', name: `help${Date.now()}`, menu_type: 'iframe', url: helpPage.url });
      ruleId = rule.id;
    });

    await step('the menu frames the help page', async () => {
      await signIn(page, adminPassword);
      await settled(page);
      await page.locator('.ba-side-menu, .arco-menu').getByText('帮助中心').first().click();
      const frame = page.frameLocator('iframe.ba-iframe');
      await frame.locator('#help').waitFor();
    });

    await step('an outside address in the iframe route is a 404, not framed', async () => {
      await page.goto(`${serverInfo().baseUrl}/#/admin/iframe/${encodeURIComponent('https://evil.example.com/phish')}`);
      await page.locator('.ba-error-page .arco-result-is-404').waitFor();
      expect(await page.locator('iframe').count()).toBe(0);
    });

    await step('so is the same address with the rule gone', async () => {
      await api.post('auth.Rule', 'edit', { id: ruleId, type: 'menu', pid: 0, title: '帮助中心', name: (await api.get('auth.Rule', 'edit', { id: ruleId })).row.name, menu_type: 'iframe', url: helpPage.url, status: 0 });
      await page.goto(`${serverInfo().baseUrl}/#/admin/iframe/${encodeURIComponent(helpPage.url)}`);
      await page.reload();
      await page.locator('.ba-error-page .arco-result-is-404').waitFor();
      expect(await page.locator('iframe').count()).toBe(0);
    });
    expect(await violations()).toEqual([]);
  } finally {
    if (ruleId) await fetch(`${serverInfo().baseUrl}/admin/auth.Rule/del?ids[]=${ruleId}`, { method: 'DELETE', headers: { batoken: api.token, server: '1' } });
    helpPage.server.close();
  }
});

test('a member’s iframe route frames only the member’s own iframe menus', async ({ page, context, step, adminPassword }) => {
  const violations = await watchCsp(context, page);
  const helpPage = await otherSite(() => '<html><body><h1 id="member-help">会员帮助</h1></body></html>');
  const api = await adminApi(adminPassword);
  const suffix = Date.now().toString(36).slice(-5);
  let ruleId = 0;
  let memberId = 0;
  try {
    await step('a member, and a member iframe menu in the member center', async () => {
      const groups = await api.get('user.Group', 'index', { limit: 100 });
      const member = await api.post('user.User', 'add', { username: `frame_${suffix}`, nickname: 'F', group_id: groups.list[0].id, password: 'Frame-Pass-1', status: 1 });
      memberId = member.id;
      const rules = await api.get('user.Rule', 'index');
      const account = (rules.list as Array<{ id: number; name: string }>).find((r) => r.name === 'account')!;
      await api.post('routine.Config', 'edit', { iframe_hosts: '127.0.0.1' });
      const rule = await api.post('user.Rule', 'add', { type: 'menu', pid: account.id, title: '会员帮助', title_en: 'Member help', name: `memberHelp${suffix}`, menu_type: 'iframe', url: helpPage.url });
      ruleId = rule.id;
    });

    await step('signed in, the menu frames the page', async () => {
      await page.goto(`${serverInfo().baseUrl}/#/user/login`);
      const form = page.locator('.ba-member-login-box');
      await formItem(form, '账户').locator('input').fill(`frame_${suffix}`);
      await formItem(form, '密码').locator('input').fill('Frame-Pass-1');
      await page.locator('[data-testid=login-submit]').click();
      await page.getByText('会员帮助').first().click();
      await page.frameLocator('iframe.ba-iframe').locator('#member-help').waitFor();
      expect(decodeURIComponent(new URL(page.url()).hash)).toBe(`#/user/iframe/${helpPage.url}`);
    });

    await step('an outside address under /user/iframe is a 404', async () => {
      await page.goto(`${serverInfo().baseUrl}/#/user/iframe/${encodeURIComponent('https://evil.example.com/')}`);
      await page.locator('.ba-error-page .arco-result-is-404').waitFor();
      expect(await page.locator('iframe').count()).toBe(0);
    });
    expect(await violations()).toEqual([]);
  } finally {
    const headers = { batoken: api.token, server: '1' };
    if (ruleId) await fetch(`${serverInfo().baseUrl}/admin/user.Rule/del?ids[]=${ruleId}`, { method: 'DELETE', headers });
    if (memberId) await fetch(`${serverInfo().baseUrl}/admin/user.User/del?ids[]=${memberId}`, { method: 'DELETE', headers });
    helpPage.server.close();
  }
});
