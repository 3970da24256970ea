import '@/test-support/dom-globals';
import { act } from 'react';
import { mountEachTest } from '@/test-support/react-root';
import { setLocale } from '@/lang';

jest.mock('@/api/request', () => ({ ...jest.requireActual('@/api/request'), __esModule: true, default: jest.fn() }));
import request from '@/api/request';
import { ClearCacheButton } from './ClearCacheButton';

const mockedRequest = request as unknown as jest.Mock;
const view = mountEachTest();

const click = async (element: Element | null) => {
  expect(element).not.toBeNull();
  await act(async () => {
    (element as HTMLElement).click();
  });
};

async function open() {
  await act(async () => view.root.render(<ClearCacheButton />));
  await click(view.container.querySelector('[data-testid="clear-cache"]'));
}

describe('the header’s clear-cache menu', () => {
  beforeEach(() => {
    mockedRequest.mockReset();
    mockedRequest.mockResolvedValue({ code: 1, msg: 'Cache cleaned~', time: 0, data: { types: ['config'] } });
  });

  it.each(['all', 'config', 'rules'])('sends POST /admin/ajax/clearCache {type: %s}, showing the server’s success message', async (type) => {
    await setLocale('en');
    await open();
    await click(document.body.querySelector(`[data-testid="clear-cache-${type}"]`));
    expect(mockedRequest).toHaveBeenCalledTimes(1);
    expect(mockedRequest).toHaveBeenCalledWith({ url: '/admin/ajax/clearCache', method: 'post', data: { type } }, { showSuccessMessage: true });
  });

  it('names the kinds in the admin’s language', async () => {
    await setLocale('zh-cn');
    await open();
    const labels = () => ['all', 'config', 'rules'].map((type) => document.body.querySelector(`[data-testid="clear-cache-${type}"]`)?.textContent);
    expect(labels()).toEqual(['全部服务端缓存', '站点配置缓存', '权限数据缓存']);
    expect(view.container.querySelector('[data-testid="clear-cache"]')?.getAttribute('aria-label')).toBe('清理缓存');
  });
});
