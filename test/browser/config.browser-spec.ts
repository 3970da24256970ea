/**
 * The site settings page (/admin/routine/config): tabs per group, saving a new site name (the document
 * title follows at once), the password field masked, the test-mail dialog with its answer, adding and
 * deleting an item, in the light and the dark theme.
 *
 * Screenshots of every step: test-output/screenshots/config/. The spec puts the site name back at the end
 * (other specs read the seeded one in their titles).
 */
import type { Page } from 'playwright-core';
import { browserSpec } from './support/browser';
import { eventually, expectTitle, goHash, settled, signIn, storedAdminInfo } from './support/admin';

const { test } = browserSpec('config');

const SEEDED_SITE_NAME = '仓库管理系统';
const ROUTE_TITLE = '系统配置';

function configPage(page: Page) {
  return page.locator('.config-page');
}

async function openTab(page: Page, title: string): Promise<void> {
  await configPage(page).locator('.arco-tabs-header-title').filter({ hasText: title }).click();
}

async function restoreSiteName(page: Page): Promise<void> {
  const info = await storedAdminInfo(page).catch(() => null);
  const token = typeof info?.token === 'string' ? info.token : '';
  if (!token) return;
  await page.request.post('/admin/routine.Config/edit', { headers: { batoken: token, server: '1' }, data: { site_name: SEEDED_SITE_NAME } });
}

test('an administrator renames the site, sees the title follow, tries the test mail and adds an item, in both themes', async ({ page, step, adminPassword, pageErrors }) => {
  const suffix = Date.now().toString(36).slice(-5);
  const siteName = `北仓 ${suffix}`;
  try {
    await step('config page, basics tab (light)', async () => {
      await signIn(page, adminPassword);
      await goHash(page, '/admin/routine/config');
      await configPage(page).locator('#config-site_name').waitFor();
      await settled(page);
      await expectTitle(page, `${ROUTE_TITLE} - ${SEEDED_SITE_NAME}`);
      const tabs = (await configPage(page).locator('.arco-tabs-header-title').allInnerTexts()).map((text) => text.trim());
      expect(tabs).toEqual(['基础配置', '邮件配置', expect.any(String), '短信配置', '快捷配置入口']);
      expect(await configPage(page).locator('#config-site_name').inputValue()).toBe(SEEDED_SITE_NAME);
    });

    await step('site name saved, title follows', async () => {
      await configPage(page).locator('#config-site_name').fill(siteName);
      await configPage(page).locator('[data-testid=config-form-basics] [data-testid=config-save]').click();
      await page.locator('.arco-message, .arco-notification').filter({ hasText: '配置已保存' }).first().waitFor();
      await expectTitle(page, `${ROUTE_TITLE} - ${siteName}`);
    });

    await step('the new name survives a reload', async () => {
      await page.reload();
      await configPage(page).locator('#config-site_name').waitFor();
      await settled(page);
      expect(await configPage(page).locator('#config-site_name').inputValue()).toBe(siteName);
      await expectTitle(page, `${ROUTE_TITLE} - ${siteName}`);
    });

    await step('mail tab: the password is a masked field', async () => {
      await openTab(page, '邮件配置');
      const pass = configPage(page).locator('#config-smtp_pass');
      await pass.waitFor();
      expect(await pass.getAttribute('type')).toBe('password');
      expect(await configPage(page).locator('[data-testid=config-form-mail]').innerText()).toContain('保存后不会再显示');
    });

    await step('test mail refused cleanly without SMTP settings', async () => {
      await configPage(page).locator('[data-testid=config-test-mail]').click();
      const dialog = page.locator('.arco-modal.config-test-mail');
      await dialog.locator('[data-testid=config-test-mail-recipient]').fill('boss@example.com');
      await dialog.locator('.arco-modal-footer .arco-btn-primary').click();
      const result = dialog.locator('[data-testid=config-test-mail-result]');
      await result.waitFor();
      expect(await result.innerText()).toContain('请先填写 SMTP 服务器、端口和发件人邮箱');
    });

    await step('add item dialog', async () => {
      await page.locator('.arco-modal.config-test-mail .arco-modal-footer .arco-btn-secondary').click();
      await page.locator('.arco-modal.config-test-mail').waitFor({ state: 'hidden' });
      await openTab(page, '基础配置');
      await configPage(page).locator('[data-testid=config-add]').click();
      const dialog = page.locator('.arco-modal.config-add-dialog');
      await dialog.locator('[data-testid=config-add-name]').fill(`spec_notice_${suffix}`);
      await dialog.locator('[data-testid=config-add-title]').fill('仓库公告');
      await dialog.locator('#config-add-value').fill('今日盘点');
    });

    await step('item added and listed', async () => {
      await page.locator('.arco-modal.config-add-dialog .arco-modal-footer .arco-btn-primary').click();
      await page.locator('.arco-modal.config-add-dialog').waitFor({ state: 'hidden' });
      const field = configPage(page).locator(`#config-spec_notice_${suffix}`);
      await field.waitFor();
      expect(await field.inputValue()).toBe('今日盘点');
    });

    await step('dark theme, basics tab', async () => {
      await page.locator('[data-testid=theme-switch]').click();
      await eventually(async () => expect(await page.locator('body').getAttribute('arco-theme')).toBe('dark'));
      await configPage(page).locator('#config-site_name').waitFor();
      const background = await configPage(page)
        .locator('.config-card')
        .evaluate((el) => (globalThis as unknown as { getComputedStyle(e: unknown): { backgroundColor: string } }).getComputedStyle(el).backgroundColor);
      // a dark card, not the light theme's white
      expect(background).not.toBe('rgb(255, 255, 255)');
    });

    await step('dark theme, mail tab and test mail dialog', async () => {
      await openTab(page, '邮件配置');
      await configPage(page).locator('[data-testid=config-test-mail]').click();
      await page.locator('.arco-modal.config-test-mail [data-testid=config-test-mail-recipient]').waitFor();
    });

    await step('dark theme, added item deleted', async () => {
      await page.locator('.arco-modal.config-test-mail .arco-modal-footer .arco-btn-secondary').click();
      await page.locator('.arco-modal.config-test-mail').waitFor({ state: 'hidden' });
      await openTab(page, '基础配置');
      const item = configPage(page).locator('.arco-form-item').filter({ has: page.locator(`#config-spec_notice_${suffix}`) });
      await item.locator('.config-label-delete').click();
      await page.locator('.arco-popconfirm .arco-btn-primary').click();
      await configPage(page).locator(`#config-spec_notice_${suffix}`).waitFor({ state: 'detached' });
    });

    expect(pageErrors).toEqual([]);
  } finally {
    await restoreSiteName(page);
  }
});
