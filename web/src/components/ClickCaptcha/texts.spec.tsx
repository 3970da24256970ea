/**
 * The click captcha's four messages (jsdom), in both languages: loading failed (click to refresh), click the
 * named items in order, wrong area clicked (try again), verification successful — each shown in the state it
 * names, with the server's answers mocked.
 */
import '@/test-support/dom-globals';
import { act } from 'react';
import { mountEachTest } from '@/test-support/react-root';
import { setLocale } from '@/lang';

jest.mock('@/api/platform', () => ({ ...jest.requireActual('@/api/platform'), clickCaptcha: jest.fn(), checkClickCaptcha: jest.fn() }));
import { checkClickCaptcha, clickCaptcha } from '@/api/platform';
import { ClickCaptcha } from './index';

const load = clickCaptcha as jest.Mock;
const check = checkClickCaptcha as jest.Mock;
const view = mountEachTest();
const IMAGE = { code: 1, msg: '', time: 0, data: { id: 'c1', text: ['仓', '库'], base64: 'data:image/png;base64,AAAA', width: 350, height: 200 } };

async function settle() {
  for (let i = 0; i < 5; i++) await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
}
const tip = () => document.body.querySelector('.ba-captcha-tip')?.textContent;
const emptyButton = () => document.body.querySelector('.ba-captcha-empty')?.textContent;

async function clickImageTwice() {
  const img = document.body.querySelector('[data-testid=captcha-image]') as HTMLImageElement;
  for (const x of [40, 120]) await act(async () => img.dispatchEvent(new MouseEvent('click', { bubbles: true, clientX: x, clientY: 50 })));
  await settle();
}

describe.each([
  ['en', { loadFailed: 'Loading failed, click to refresh', order: 'Click in order: 仓 库', wrong: 'Wrong area clicked, please try again', ok: 'Verification successful' }],
  ['zh-cn', { loadFailed: '加载失败，请点击刷新', order: '请依次点击：仓 库', wrong: '未点中正确区域，请重试', ok: '验证成功' }],
] as const)('the click captcha in %s', (lang, words) => {
  beforeEach(async () => {
    load.mockReset();
    check.mockReset();
    await act(() => setLocale(lang));
  });
  afterAll(() => act(() => setLocale('zh-cn')));

  it('says loading failed and refreshes on a click; then asks for the items in order; a wrong area, then success', async () => {
    load.mockRejectedValueOnce({ code: 0, msg: 'down', time: 0, data: null }).mockResolvedValue(IMAGE);
    await act(async () => view.root.render(<ClickCaptcha visible uuid="u-1" onSuccess={() => undefined} onCancel={() => undefined} />));
    await settle();
    expect(emptyButton()).toBe(words.loadFailed);

    await act(async () => (document.body.querySelector('.ba-captcha-empty') as HTMLButtonElement).click());
    await settle();
    expect(tip()).toBe(words.order);

    check.mockRejectedValueOnce({ code: 0, msg: 'wrong', time: 0, data: null });
    await clickImageTwice();
    expect(tip()).toBe(words.wrong);

    check.mockResolvedValueOnce({ code: 1, msg: '', time: 0, data: null });
    await act(async () => (document.body.querySelector('.ba-captcha-footer button') as HTMLButtonElement).click());
    await settle();
    expect(tip()).toBe(words.order);
    await clickImageTwice();
    expect(tip()).toBe(words.ok);
  });
});
