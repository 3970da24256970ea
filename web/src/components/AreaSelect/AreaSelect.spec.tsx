import '@/test-support/dom-globals';
import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { setLocale } from '@/lang';

jest.mock('@/api/request', () => ({ ...jest.requireActual('@/api/request'), __esModule: true, default: jest.fn() }));
import request from '@/api/request';
import { fetchAreaOptions } from '@/api/platform';
import { AreaSelect, AreaStore, codePath } from './index';

const mockedRequest = request as unknown as jest.Mock;
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const LISTS: Record<string, Array<{ value: number; label: string }>> = {
  '': [
    { value: 110000, label: '北京市' },
    { value: 440000, label: '广东省' },
  ],
  '110000': [{ value: 110100, label: '北京市' }],
  '440000': [
    { value: 440100, label: '广州市' },
    { value: 440300, label: '深圳市' },
  ],
  '440000,440100': [
    { value: 440106, label: '天河区' },
    { value: 440111, label: '白云区' },
  ],
};

/** What the server would answer for the request's province / city. */
function answer(config: { url: string; params?: { province?: number; city?: number } }) {
  const key = [config.params?.province, config.params?.city].filter((v) => v !== undefined).join(',');
  return Promise.resolve({ code: 1, msg: '', time: 0, data: LISTS[key] ?? [] });
}

const asked = () => mockedRequest.mock.calls.map(([config]) => `${config.url}?${new URLSearchParams(config.params).toString()}`);

beforeEach(() => {
  mockedRequest.mockReset();
  mockedRequest.mockImplementation(answer);
});

describe('fetchAreaOptions', () => {
  it('asks the admin or the public endpoint, sending city only with a province, never cancelling a twin', async () => {
    await fetchAreaOptions('admin');
    await fetchAreaOptions('user', 440000, 440100);
    await fetchAreaOptions('user', undefined, 440100);
    expect(asked()).toEqual(['/admin/ajax/area?', '/api/ajax/area?province=440000&city=440100', '/api/ajax/area?']);
    expect(mockedRequest.mock.calls[0][1]).toEqual({ cancelDuplicateRequest: false });
  });
});

describe('AreaStore', () => {
  afterAll(() => setLocale('zh-cn'));

  it('fetches each list once, marking the last level as leaves', async () => {
    const store = new AreaStore({ app: 'admin', depth: 2 });
    const [a, b] = await Promise.all([store.children([]), store.children([])]);
    expect(a).toEqual([
      { value: 110000, label: '北京市', isLeaf: false },
      { value: 440000, label: '广东省', isLeaf: false },
    ]);
    expect(b).toEqual(a);
    expect(await store.children([440000])).toEqual([
      { value: 440100, label: '广州市', isLeaf: true },
      { value: 440300, label: '深圳市', isLeaf: true },
    ]);
    expect(asked()).toEqual(['/admin/ajax/area?', '/admin/ajax/area?province=440000']);
    expect((await new AreaStore({ app: 'user', depth: 1 }).children([]))[0].isLeaf).toBe(true);
  });

  it('loads the levels along a chosen path so its names can be shown', async () => {
    const store = new AreaStore({ app: 'admin', depth: 3 });
    await store.load([440000, 440100, 440106]);
    expect(store.loading).toBe(false);
    expect(store.labelsOf([440000, 440100, 440106])).toEqual(['广东省', '广州市', '天河区']);
    expect(store.tree[1].children?.[0].children?.map((n) => n.label)).toEqual(['天河区', '白云区']);
    expect(store.tree[0].children).toBeUndefined();
    // the districts are leaves: nothing below them is asked for
    expect(asked()).toEqual(['/admin/ajax/area?', '/admin/ajax/area?province=440000', '/admin/ajax/area?province=440000&city=440100']);
  });

  it('stops at a code it does not know', async () => {
    const store = new AreaStore({ app: 'admin', depth: 3 });
    await store.load([990000, 990100]);
    expect(store.tree).toHaveLength(2);
    expect(store.labelsOf([990000])).toEqual([]);
    expect(asked()).toEqual(['/admin/ajax/area?']);
  });

  it('reports a failed load in the current language and asks again next time', async () => {
    await setLocale('en');
    mockedRequest.mockImplementationOnce(() => Promise.reject(new Error('offline')));
    const store = new AreaStore({ app: 'admin', depth: 3 });
    await store.load();
    expect(store.error).toBe('The region list could not be loaded');
    expect(store.tree).toEqual([]);
    await store.load();
    expect(store.error).toBeNull();
    expect(store.tree).toHaveLength(2);
    expect(mockedRequest).toHaveBeenCalledTimes(2);
  });

  it('reads a path of codes from a form value', () => {
    expect(codePath([440000, 440100])).toEqual([440000, 440100]);
    expect(codePath('440000,440100,440106')).toEqual([440000, 440100, 440106]);
    expect(codePath(['440000'])).toEqual([440000]);
    for (const bad of [null, undefined, '', '上海', [440000, 'x'], 12, [0]]) expect(codePath(bad)).toEqual([]);
  });
});

describe('AreaSelect', () => {
  let container: HTMLDivElement;
  let root: Root;

  beforeEach(() => {
    container = document.createElement('div');
    document.body.appendChild(container);
    root = createRoot(container);
  });
  afterEach(() => {
    act(() => root.unmount());
    container.remove();
    document.body.innerHTML = '';
  });

  const settle = async () => {
    for (let i = 0; i < 5; i++) await act(async () => await Promise.resolve());
  };
  const shownText = () => (container.querySelector('.arco-cascader-view-value') as HTMLElement | null)?.textContent ?? '';

  it('shows a path of codes set earlier by name', async () => {
    await act(async () => root.render(<AreaSelect value={[440000, 440100, 440106]} />));
    await settle();
    expect(shownText()).toBe('广东省 / 广州市 / 天河区');
  });

  it('in text mode shows a typed city as it is, and gives the picked city’s name', async () => {
    const changes: Array<[unknown, string[]]> = [];
    function Field() {
      const [value, setValue] = useState<string>('上海');
      return (
        <AreaSelect
          valueType="text"
          depth={2}
          value={value}
          onChange={(next, labels) => {
            changes.push([next, labels]);
            setValue(next as string);
          }}
        />
      );
    }
    await act(async () => root.render(<Field />));
    await settle();
    expect(shownText()).toBe('上海');

    await act(async () => (container.querySelector('.arco-cascader') as HTMLElement).click());
    await settle();
    const option = (label: string) => [...document.querySelectorAll('.arco-cascader-list-item-label')].find((el) => el.textContent?.includes(label)) as HTMLElement;
    await act(async () => option('广东省').click());
    await settle();
    await act(async () => option('深圳市').click());
    await settle();
    expect(changes).toEqual([['深圳市', ['广东省', '深圳市']]]);
    expect(shownText()).toBe('广东省 / 深圳市');
    expect(asked()).toEqual(['/admin/ajax/area?', '/admin/ajax/area?province=440000']);
  });
});
