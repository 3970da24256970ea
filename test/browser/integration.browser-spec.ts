/**
 * Integration through its pages: an API token made and shown once (then used), a webhook to a receiver on
 * loopback made with its secret shown once, "send test event" delivered and signed, the delivery on the
 * deliveries page; the deliveries in English and dark; the token page on a phone.
 *
 * Screenshots of every step: test-output/screenshots/integration/ (and integration-phone/).
 */
import { signatureMatches } from '../../src/modules/integration/domain/signature';
import { TestReceiver } from '../support/webhook-receiver';
import { browserSpec, PHONE } from './support/browser';
import { chooseFromHoverMenu, currentPage, drawer, eventually, expectPath, formItem, goHash, openMenu, pickOptions, rows, settled, signIn, table } from './support/admin';
import { serverInfo } from './support/server';

const { test } = browserSpec('integration');

test('makes a token and a webhook, sends a test event to a local receiver and sees its delivery', async ({ page, step, adminPassword, pageErrors }) => {
  const receiver = await new TestReceiver().start();
  const suffix = Date.now().toString(36).slice(-5);
  let token = '';
  let secret = '';
  try {
    await step('signed in', async () => {
      await signIn(page, adminPassword);
      await settled(page);
    });

    await step('a token made with the stock rules, shown once', async () => {
      await openMenu(page, '权限管理', 'API 令牌');
      await expectPath(page, '/admin/auth/apiToken');
      await settled(page);
      await currentPage(page).locator('[data-crud=add]').click();
      const form = drawer(page);
      await form.waitFor();
      await formItem(form, '名称').locator('input').fill(`网店${suffix}`);
      const tree = form.locator('[data-testid=rule-tree]');
      await tree.waitFor();
      await form.getByRole('button', { name: '全选' }).click();
      await form.locator('[data-crud=form-submit]').click();
      const shown = page.locator('[data-testid=shown-once-value]');
      await shown.waitFor();
      token = await shown.inputValue();
      expect(token).toMatch(/^wms_[A-Za-z0-9]{40}$/);
      await page.locator('[data-testid=shown-once-copy]').click();
    });

    await step('the token works, and the list shows only its first characters', async () => {
      await page.locator('.arco-modal-footer button').click();
      const res = await fetch(`${serverInfo().baseUrl}/admin/wms.Stock/index`, { headers: { authorization: `Bearer ${token}`, server: '1' } });
      expect(((await res.json()) as { code: number }).code).toBe(1);
      const row = rows(page).filter({ hasText: `网店${suffix}` });
      await row.first().waitFor();
      const text = await row.first().innerText();
      expect(text).toContain(token.slice(0, 8));
      expect(text).not.toContain(token.slice(8));
    });

    await step('a webhook to the receiver, its secret shown once', async () => {
      await openMenu(page, '常规管理', 'Webhook');
      await expectPath(page, '/admin/routine/webhook');
      await settled(page);
      await currentPage(page).locator('[data-crud=add]').click();
      const form = drawer(page);
      await form.waitFor();
      await formItem(form, 'URL').locator('input').fill(receiver.url);
      await pickOptions(page, formItem(form, '事件'), ['stock.changed', 'inbound.audited']);
      await form.locator('[data-crud=form-submit]').click();
      const shown = page.locator('[data-testid=shown-once-value]');
      await shown.waitFor();
      secret = await shown.inputValue();
      expect(secret).toMatch(/^whsec_/);
      await page.locator('.arco-modal-footer button').click();
      await rows(page).filter({ hasText: receiver.url }).first().waitFor();
    });

    await step('a test event sent and delivered, signed with the secret', async () => {
      await rows(page).filter({ hasText: receiver.url }).first().locator('[data-crud=row-test]').click();
      await page.locator('.arco-message').filter({ hasText: '测试事件已送达' }).first().waitFor();
      expect(receiver.got.map((r) => r.event.type)).toEqual(['webhook.test']);
      const [got] = receiver.got;
      expect(signatureMatches(secret, String(got.headers['x-wms-timestamp']), got.body, String(got.headers['x-wms-signature']))).toBe(true);
    });

    await step('the delivery on the deliveries page', async () => {
      await openMenu(page, '常规管理', 'Webhook 投递记录');
      await expectPath(page, '/admin/routine/webhookDelivery');
      await settled(page);
      const delivery = rows(page).filter({ hasText: 'webhook.test' }).first();
      await delivery.waitFor();
      await eventually(async () => expect(await delivery.innerText()).toContain('已送达'));
      expect(await delivery.innerText()).toContain('200');
    });

    await step('redelivered from the page', async () => {
      const delivery = rows(page).filter({ hasText: 'webhook.test' }).first();
      await delivery.locator('.arco-checkbox').click();
      await currentPage(page).locator('[data-testid=webhook-redeliver]').click();
      await page.locator('.arco-popconfirm .arco-btn-primary').click();
      await eventually(() => expect(receiver.got).toHaveLength(2), 15_000);
      expect(receiver.got[1].event.id).toBe(receiver.got[0].event.id);
    });

    await step('the deliveries in English and dark', async () => {
      await chooseFromHoverMenu(page.locator('[data-testid=lang-switch]'), 'English');
      await page.locator('[data-testid=theme-switch]').click();
      await eventually(async () => expect(await page.locator('body').getAttribute('arco-theme')).toBe('dark'));
      await currentPage(page).locator('[data-crud=refresh]').click();
      await settled(page);
      await eventually(async () => expect((await table(page).locator('thead th').allInnerTexts()).map((t) => t.trim())).toEqual(expect.arrayContaining(['Event', 'Attempts', 'Last answer', 'Next attempt'])));
      await eventually(async () => expect(await rows(page).filter({ hasText: 'webhook.test' }).first().innerText()).toContain('Delivered'));
      await page.mouse.move(700, 700);
    });
  } finally {
    await receiver.stop();
  }
  expect(pageErrors).toEqual([]);
}, 180_000);

const phone = browserSpec('integration-phone', PHONE);

phone.test('the token and webhook pages on a phone, in English and dark', async ({ page, step, adminPassword, pageErrors }) => {
  await page.addInitScript(() =>
    (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem('storeConfig_v2', JSON.stringify({ layoutMode: 'Default', theme: 'dark', menuCollapse: true, lang: 'en' })),
  );
  await step('signed in', async () => {
    await signIn(page, adminPassword);
    await settled(page);
  });
  for (const path of ['/admin/auth/apiToken', '/admin/routine/webhook', '/admin/routine/webhookDelivery']) {
    await step(path.split('/').pop()!, async () => {
      await goHash(page, path);
      await settled(page);
      await table(page).waitFor();
      expect(await page.evaluate(() => (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    });
  }
  await step('the add form of a token', async () => {
    await goHash(page, '/admin/auth/apiToken');
    await settled(page);
    await currentPage(page).locator('[data-crud=add]').click();
    await drawer(page).locator('[data-testid=rule-tree]').waitFor();
    expect(await drawer(page).innerText()).toContain('Permissions');
  });
  expect(pageErrors).toEqual([]);
});
