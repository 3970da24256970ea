import '@/test-support/dom-globals';
import { act } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { mountEachTest } from '@/test-support/react-root';
import { addMessages } from '@/lang';
import { StoreProvider } from '@/stores/context';
import { RootStore } from '@/stores/root';
import en from '@/lang/en/pages/routine/config.json';
import ConfigPage from './index';
import { SECRET_MASK, type ConfigIndexData, type ConfigItem } from './configForm';

jest.mock('@/api/request', () => ({ ...jest.requireActual('@/api/request'), __esModule: true, default: jest.fn(), httpErrorMessage: () => 'network' }));
import request from '@/api/request';
import type { MenuRuleNode } from '@contract/accounts';

const mockedRequest = request as unknown as jest.Mock;
addMessages('zh-cn', en, 'routine.config');

if (!(globalThis as { ResizeObserver?: unknown }).ResizeObserver) {
  (globalThis as { ResizeObserver?: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

const item = (partial: Partial<ConfigItem> & Pick<ConfigItem, 'id' | 'name' | 'type' | 'group'>): ConfigItem => ({
  title: partial.name,
  tip: '',
  value: '',
  content: {},
  rule: '',
  extend: {},
  allow_del: 0,
  weigh: 0,
  ...partial,
});

const clone = <T,>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

const DATA: ConfigIndexData = {
  list: {
    basics: {
      name: 'basics',
      title: 'Basics',
      list: [
        item({ id: 1, name: 'site_name', title: 'Site name', type: 'string', group: 'basics', value: 'Depot', rule: 'required' }),
        item({ id: 2, name: 'open_shop', title: 'Open shop', type: 'switch', group: 'basics', value: true, allow_del: 1 }),
      ],
    },
    mail: {
      name: 'mail',
      title: 'Mail',
      list: [
        item({ id: 3, name: 'smtp_server', title: 'SMTP server', type: 'string', group: 'mail', value: 'smtp.example.com' }),
        item({ id: 4, name: 'smtp_pass', title: 'SMTP password', type: 'password', group: 'mail', value: SECRET_MASK }),
      ],
    },
  },
  configGroup: { basics: 'Basics', mail: 'Mail' },
  quickEntrance: [{ key: 'Attachments', value: '/admin/routine/attachment' }],
  remark: '',
};

function menus(actions: string[]): MenuRuleNode[] {
  const rule = (id: number, pid: number, type: MenuRuleNode['type'], name: string, children: MenuRuleNode[] = []): MenuRuleNode => ({
    id,
    pid,
    weigh: 0,
    type,
    name,
    path: name,
    title: name,
    icon: '',
    menu_type: type === 'menu' ? 'tab' : null,
    url: '',
    component: type === 'menu' ? `/src/pages/admin/${name}/index.tsx` : '',
    keepalive: 0,
    extend: 'none',
    children,
  });
  return [rule(1, 0, 'menu_dir', 'routine', [rule(2, 1, 'menu', 'routine/config', actions.map((a, i) => rule(10 + i, 2, 'button', `routine/config/${a}`)))])];
}

function memoryStorage() {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), removeItem: (k: string) => void data.delete(k) };
}

const view = mountEachTest();

beforeEach(() => {
  mockedRequest.mockReset();
  mockedRequest.mockImplementation((config: { url: string; data?: Record<string, unknown> }) => {
    if (config.url.endsWith('/edit')) {
      const next = clone(DATA);
      next.list.basics.list[0].value = String(config.data?.site_name ?? 'Depot');
      return Promise.resolve({ code: 1, msg: 'The configuration was saved', time: 0, data: next });
    }
    return Promise.resolve({ code: 1, msg: '', time: 0, data: clone(DATA) });
  });
});

async function render(actions: string[]) {
  const root = new RootStore({ storage: memoryStorage() });
  root.navTabs.setRules(menus(actions));
  root.siteConfig.dataFill({ siteName: 'Depot' });
  await act(async () => {
    view.root.render(
      <StoreProvider value={root}>
        <MemoryRouter initialEntries={['/admin/routine/config']}>
          <ConfigPage />
        </MemoryRouter>
      </StoreProvider>,
    );
  });
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  return root;
}

const q = (selector: string) => view.container.querySelectorAll(selector);

describe('the site settings page', () => {
  it('shows a tab per group, the fields of the first, and the quick entrances', async () => {
    await render(['index', 'edit', 'add', 'del', 'sendTestMail']);
    expect(Array.from(q('.arco-tabs-header-title')).map((el) => el.textContent)).toEqual(['Basics', 'Mail']);
    expect((view.container.querySelector('#config-site_name') as HTMLInputElement).value).toBe('Depot');
    expect(view.container.textContent).toContain('Attachments');
    expect(q('[data-testid="config-save"]')).toHaveLength(1);
    expect(q('[data-testid="config-add"]')).toHaveLength(1);
    // an item added through the page can be deleted
    expect(q('.config-label-delete')).toHaveLength(1);
  });

  it('leaves out saving, adding, deleting and the test mail for an admin who may only look', async () => {
    await render(['index']);
    expect(Array.from(q('.arco-tabs-header-title')).map((el) => el.textContent)).toEqual(['Basics', 'Mail']);
    expect((view.container.querySelector('#config-site_name') as HTMLInputElement).disabled).toBe(true);
    expect(q('[data-testid="config-save"]')).toHaveLength(0);
    expect(q('[data-testid="config-add"]')).toHaveLength(0);
    expect(q('.config-label-delete')).toHaveLength(0);
    expect(q('[data-testid="config-test-mail"]')).toHaveLength(0);
  });

  it('saves the tab, and the site config (page titles) follows', async () => {
    const root = await render(['index', 'edit']);
    const input = view.container.querySelector('#config-site_name') as HTMLInputElement;
    await act(async () => {
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      setter.call(input, 'Depot North');
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await act(async () => {
      (view.container.querySelector('[data-testid="config-save"]') as HTMLButtonElement).click();
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
    const edit = mockedRequest.mock.calls.find(([config]) => config.url.endsWith('/edit'));
    expect(edit?.[0].data).toEqual({ site_name: 'Depot North', open_shop: 1 });
    expect(root.siteConfig.siteName).toBe('Depot North');
  });
});
