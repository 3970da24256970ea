/**
 * The web terminal from the top bar: a task left running by an earlier page comes back Unknown and blocks
 * the queue (the notice says so), deleting it lets the Versions command run, which succeeds with its output;
 * the notification dot for a task that finished while the panel was hidden; the package-manager dialog
 * (cancelled: nothing heavy is run) and the config dialog, saved on the server. Light and dark theme.
 *
 * Screenshots: test-output/screenshots/terminal/ (…-panel-light.png, …-panel-dark.png, …).
 */
import type { Page, Route } from 'playwright-core';
import { browserSpec } from './support/browser';
import { adminApi } from './support/api';
import { eventually, settled, signIn, stored } from './support/admin';

const { test } = browserSpec('terminal');

const TERMINAL_KEY = 'storeTerminal';

interface PageWindow {
  localStorage: { setItem(key: string, value: string): void };
}

const panel = (page: Page) => page.locator('.arco-drawer.ba-terminal');
const tasks = (page: Page) => panel(page).locator('[data-testid=terminal-task]');
const task = (page: Page, command: string) => panel(page).locator(`[data-testid=terminal-task][data-command="${command}"]`);

async function openPanel(page: Page): Promise<void> {
  await page.locator('[data-testid=terminal-button]').click();
  await panel(page).waitFor({ state: 'visible' });
}

async function closePanel(page: Page): Promise<void> {
  await panel(page).locator('.arco-drawer-close-icon').click();
  await panel(page).waitFor({ state: 'hidden' });
  // away from the header, where the pointer would open the admin menu
  await page.mouse.move(700, 600);
}

async function statusOf(page: Page, command: string): Promise<string | null> {
  return task(page, command).getAttribute('data-status');
}

test('runs the Versions command from the panel and sees it succeed; dot, dialogs, both themes', async ({ page, step, shot, adminPassword, pageErrors }) => {
  await step('signed in as the super administrator, a task left "executing" by an earlier page', async () => {
    await signIn(page, adminPassword);
    await page.evaluate(
      ([key, value]) => (globalThis as unknown as PageWindow).localStorage.setItem(key, value),
      [
        TERMINAL_KEY,
        JSON.stringify({
          showDot: false,
          automaticCleanupTask: '0',
          taskList: [
            {
              uuid: 'left-over-task',
              createtime: Math.floor(Date.now() / 1000) - 600,
              status: 2,
              command: 'migrate.run',
              message: ['> node scripts/start.js --migrate-only'],
              showMessage: false,
              blockOnFailure: true,
              extend: '',
            },
          ],
        }),
      ],
    );
    await page.reload();
    await page.locator('.ba-layout').waitFor();
    await settled(page);
    expect(await page.locator('[data-testid=terminal-button]').isVisible()).toBe(true);
    expect(await panel(page).count()).toBe(0);
  });

  await step('the panel opens: the left-over task is Unknown', async () => {
    await openPanel(page);
    expect(await tasks(page).count()).toBe(1);
    expect(await statusOf(page, 'migrate.run')).toBe('unknown');
    expect((await task(page, 'migrate.run').locator('[data-testid=terminal-task-status]').innerText()).trim()).toBe('状态未知');
    const buttons = (await panel(page).locator('[data-testid^=terminal-cmd-]').allInnerTexts()).map((text) => text.trim());
    expect(buttons).toEqual(['查看版本', '安装依赖', '构建前端', '执行数据库迁移']);
  });

  await step('Versions waits behind the unknown blocking task, and the notice says why', async () => {
    await panel(page).locator('[data-testid=terminal-cmd-versions]').click();
    await task(page, 'versions').waitFor();
    expect(await statusOf(page, 'versions')).toBe('waiting');
    await panel(page).locator('[data-testid=terminal-blocked]').waitFor();
    expect(await panel(page).locator('[data-testid=terminal-blocked]').innerText()).toContain('失败的任务阻塞了其后的任务');
  });

  await step('deleting the blocking task lets Versions run to Success, with its output', async () => {
    await task(page, 'migrate.run').locator('[data-testid=terminal-task-delete]').click();
    await eventually(async () => expect(await statusOf(page, 'versions')).toBe('success'), 20_000, 'versions to succeed');
    expect(await task(page, 'migrate.run').count()).toBe(0);
    expect(await panel(page).locator('[data-testid=terminal-blocked]').count()).toBe(0);
    expect((await task(page, 'versions').locator('[data-testid=terminal-task-status]').innerText()).trim()).toBe('执行成功');
    await task(page, 'versions').locator('[data-testid=terminal-task-toggle]').click();
    const output = task(page, 'versions').locator('[data-testid=terminal-output]');
    await output.waitFor();
    const text = await output.innerText();
    expect(text).toContain('> node scripts/versions.js');
    expect(text).toMatch(/Node\.js\s+v\d+\.\d+\.\d+/);
    expect(text).toMatch(/npm\s+\d+\.\d+\.\d+/);
    expect(text).toMatch(/Database\s+SQLite \d+\.\d+/);
    expect(text).toContain('exitcode: 0');
    const saved = await stored<{ taskList: Array<{ command: string; status: number }> }>(page, TERMINAL_KEY);
    expect(saved?.taskList.map((t) => [t.command, t.status])).toEqual([['versions', 3]]);
  });

  await step('panel-light');

  await step('a task that finishes while the panel is hidden lights the dot; opening the panel clears it', async () => {
    // The stream is held until the panel is closed, so the task surely ends while it is hidden.
    let held: Route | null = null;
    await page.route('**/admin/Terminal/index?**', (route) => {
      held = route;
    });
    await panel(page).locator('[data-testid=terminal-cmd-versions]').click();
    await eventually(() => held !== null, 10_000, 'the stream request');
    await closePanel(page);
    expect(await page.locator('[data-testid=terminal-dot]').getAttribute('data-dot')).toBe('0');
    await held!.continue();
    await page.unroute('**/admin/Terminal/index?**');
    await eventually(async () => expect(await page.locator('[data-testid=terminal-dot]').getAttribute('data-dot')).toBe('1'), 20_000, 'the dot');
    expect(await page.locator('[data-testid=terminal-dot] .arco-badge-dot').isVisible()).toBe(true);
  });

  await step('dot-shown');

  await step('dark theme: the panel again, two successful runs', async () => {
    await page.locator('[data-testid=theme-switch]').click();
    await eventually(async () => expect(await page.locator('body').getAttribute('arco-theme')).toBe('dark'));
    await openPanel(page);
    expect(await page.locator('[data-testid=terminal-dot]').getAttribute('data-dot')).toBe('0');
    expect(await tasks(page).count()).toBe(2);
    expect(await panel(page).locator('[data-testid=terminal-task][data-status=success]').count()).toBe(2);
    await tasks(page).nth(1).locator('[data-testid=terminal-task-toggle]').click();
    await tasks(page).nth(1).locator('[data-testid=terminal-output]').waitFor();
  });

  await step('panel-dark');

  await step('the package-manager dialog offers what the server runs (cancelled: nothing is installed)', async () => {
    const before = await tasks(page).count();
    await panel(page).locator('[data-testid=terminal-cmd-webInstall]').click();
    const dialog = page.locator('.arco-modal.ba-terminal-dialog').filter({ hasText: '选择包管理器' });
    await dialog.waitFor();
    expect((await dialog.locator('.arco-radio-button').allInnerTexts()).map((text) => text.trim())).toEqual(['npm', 'pnpm', 'yarn']);
    expect(await dialog.innerText()).toContain('安装依赖，使用：');
    await shot('package-manager-dialog-dark');
    await dialog.locator('.arco-modal-footer button').filter({ hasText: '取消' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await tasks(page).count()).toBe(before);
  });

  await step('the config dialog saves package manager and port on the server', async () => {
    await panel(page).locator('[data-testid=terminal-settings]').click();
    const dialog = page.locator('.arco-modal.ba-terminal-dialog').filter({ hasText: '终端设置' });
    await dialog.waitFor();
    await dialog.locator('.arco-radio-button').filter({ hasText: /^yarn$/ }).click();
    await dialog.locator('.arco-input-number input').fill('8123');
    await shot('config-dialog-dark');
    await dialog.locator('.arco-modal-footer button').filter({ hasText: '保存' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.locator('.arco-message').filter({ hasText: '终端设置已保存' }).waitFor();
    expect(await panel(page).locator('.ba-terminal-footer-pm').innerText()).toContain('yarn');
    const api = await adminApi(adminPassword);
    const index = await api.get('index', 'index');
    expect(index.terminal).toEqual({ installServicePort: '8123', npmPackageManager: 'yarn' });
    // back to what the product ships with, for any spec after this one
    await api.post('ajax', 'changeTerminalConfig', { config: { manager: 'pnpm', port: 8000 } });
  });

  await step('back to the light theme', async () => {
    await closePanel(page);
    await page.locator('[data-testid=theme-switch]').click();
    await eventually(async () => expect(await page.locator('body').getAttribute('arco-theme')).toBeNull());
  });

  expect(pageErrors).toEqual([]);
});
