import type { ConfigClient } from './store';
import { SECRET_MASK, type ConfigIndexData, type ConfigItem } from './configForm';
import { ConfigPageStore } from './store';

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

function answer(siteName = 'Depot'): ConfigIndexData {
  return {
    list: {
      basics: { name: 'basics', title: 'Basics', list: [item({ id: 1, name: 'site_name', type: 'string', group: 'basics', value: siteName })] },
      mail: {
        name: 'mail',
        title: 'Mail',
        list: [item({ id: 2, name: 'smtp_server', type: 'string', group: 'mail', value: 'smtp.example.com' }), item({ id: 3, name: 'smtp_pass', type: 'password', group: 'mail', value: SECRET_MASK })],
      },
    },
    configGroup: { basics: 'Basics', mail: 'Mail' },
    quickEntrance: [],
    remark: '',
  };
}

function fakeClient(overrides: Partial<ConfigClient> = {}) {
  return {
    fetchConfig: jest.fn(async () => answer()),
    saveConfig: jest.fn(async (body: Record<string, unknown>) => answer(String(body.site_name ?? 'Depot'))),
    addConfigItem: jest.fn(async (body: Record<string, unknown>) => item({ id: 9, name: String(body.name), type: String(body.type), group: String(body.group) })),
    deleteConfigItem: jest.fn(async () => ({ count: 1 })),
    sendTestMail: jest.fn(async () => 'A test mail was sent to a@example.com'),
    ...overrides,
  } as unknown as ConfigClient & Record<string, jest.Mock>;
}

function setup(overrides: Partial<ConfigClient> = {}) {
  const dataFill = jest.fn();
  const client = fakeClient(overrides);
  const store = new ConfigPageStore({ siteConfig: { dataFill } }, client);
  return { store, client, dataFill };
}

describe('ConfigPageStore', () => {
  it('loads the groups and opens the first tab', async () => {
    const { store } = setup();
    await store.load();
    expect(store.groups.map((g) => g.name)).toEqual(['basics', 'mail']);
    expect(store.activeGroup).toBe('basics');
    expect(store.groupOptions).toEqual([
      { value: 'basics', label: 'Basics' },
      { value: 'mail', label: 'Mail' },
    ]);
    expect(store.loading).toBe(false);
  });

  it('keeps the message when loading fails', async () => {
    const { store } = setup({ fetchConfig: jest.fn(async () => Promise.reject({ code: 401, msg: 'You have no permission!' })) } as Partial<ConfigClient>);
    await store.load();
    expect(store.data).toBeNull();
    expect(store.error).toBe('You have no permission!');
  });

  it('saves one tab, takes the answer and lets the page title follow the site name', async () => {
    const { store, client, dataFill } = setup();
    await store.load();
    const version = store.version;
    expect(await store.save('basics', { site_name: 'Depot North', smtp_server: 'not in this tab' })).toBe(true);
    expect(client.saveConfig).toHaveBeenCalledWith({ site_name: 'Depot North' });
    expect(store.group('basics')!.list[0].value).toBe('Depot North');
    expect(store.version).toBe(version + 1);
    expect(dataFill).toHaveBeenCalledWith({ siteName: 'Depot North' });
    expect(store.saving).toBe(false);
  });

  it('leaves the data and the site config alone when the server refuses', async () => {
    const { store, dataFill } = setup({ saveConfig: jest.fn(async () => Promise.reject({ code: 0, msg: 'SMTP port must be a number' })) } as Partial<ConfigClient>);
    await store.load();
    expect(await store.save('basics', { site_name: 'X' })).toBe(false);
    expect(store.group('basics')!.list[0].value).toBe('Depot');
    expect(dataFill).not.toHaveBeenCalled();
    expect(store.error).toBe('SMTP port must be a number');
  });

  it('adds an item, reloads and opens its group', async () => {
    const { store, client } = setup();
    await store.load();
    expect(await store.add({ name: 'smtp_hint', group: 'mail', title: 'Hint', type: 'string' })).toBe(true);
    expect(client.addConfigItem).toHaveBeenCalledWith(expect.objectContaining({ name: 'smtp_hint', group: 'mail', type: 'string' }));
    expect(client.fetchConfig).toHaveBeenCalledTimes(2);
    expect(store.activeGroup).toBe('mail');
  });

  it('deletes an item and reloads', async () => {
    const { store, client } = setup();
    await store.load();
    expect(await store.remove(7)).toBe(true);
    expect(client.deleteConfigItem).toHaveBeenCalledWith(7);
    expect(client.fetchConfig).toHaveBeenCalledTimes(2);
  });

  it('sends the test mail with the mail tab values and keeps the outcome', async () => {
    const { store, client } = setup({ sendTestMail: jest.fn(async () => Promise.reject({ code: 0, msg: 'The test mail could not be sent: the SMTP server could not be reached', time: 0, data: null })) } as Partial<ConfigClient>);
    await store.load();
    const result = await store.sendTestMail({ smtp_server: 'mail.local', smtp_pass: SECRET_MASK, site_name: 'x' }, 'boss@example.com');
    expect(client.sendTestMail).toHaveBeenCalledWith({ smtp_server: 'mail.local', smtp_pass: SECRET_MASK, testMail: 'boss@example.com' });
    expect(result.ok).toBe(false);
    expect(store.testMailResult).toEqual(result);
    expect(store.sendingTestMail).toBe(false);
    store.clearTestMailResult();
    expect(store.testMailResult).toBeNull();
  });
});
