/**
 * A first visit starts in the browser's language: with an English browser and nothing saved, the back
 * office's and the member center's sign-in pages speak English (the Chinese browser of every other spec
 * gets Chinese); a language the visitor chose before wins over the browser's.
 * Screenshots: test-output/screenshots/first-visit-language/.
 */
import { eventually } from './support/admin';
import { browserSpec, VIEWPORT } from './support/browser';

const { test } = browserSpec('first-visit-language', { viewport: VIEWPORT, locale: 'en-US' });

test("an English browser's first visit: the sign-in pages in English; a saved choice wins", async ({ page, step, pageErrors }) => {
  await step('the back office sign-in page in English', async () => {
    await page.goto('/#/admin/login');
    await page.locator('.ba-login').waitFor();
    await eventually(async () => expect(await page.locator('.ba-login').innerText()).toContain('Sign in to the back office'));
    expect(await page.locator('input[name=username]').getAttribute('placeholder')).toBe('Enter your username');
  });

  await step('the member sign-in page in English', async () => {
    await page.goto('/#/user/login');
    await eventually(async () => expect(await page.locator('body').innerText()).toContain('Sign in to your member center'));
  });

  await step('a language chosen before (Chinese) wins over the browser', async () => {
    await page.evaluate(() => (globalThis as any).localStorage.setItem('storeConfig_v2', JSON.stringify({ layoutMode: 'Default', theme: 'light', menuCollapse: false, lang: 'zh-cn' })));
    await page.goto('/#/admin/login');
    await page.reload();
    await page.locator('.ba-login').waitFor();
    await eventually(async () => expect(await page.locator('.ba-login').innerText()).toContain('登录后台'));
  });
  expect(pageErrors).toEqual([]);
});
