import '@/test-support/dom-globals';
import { act } from 'react';
import { mountEachTest } from '@/test-support/react-root';
import { StoreProvider } from '@/stores/context';
import { RootStore } from '@/stores/root';
import { addMessages, setLocale, useT } from '@/lang';
import { cmsApi } from '@/api/cms';
import zh from '@/lang/zh-cn/pages/frontend/user/cms/contributions.json';
import en from '@/lang/en/pages/frontend/user/cms/contributions.json';
import { ContributionsStore } from '@/pages/user/cms/contributions';
import { ExtraFieldsInput, ModelFieldsStore } from './ExtraFieldsInput';

jest.mock('@/api/cms', () => ({
  cmsApi: { modelFields: jest.fn(), memberModelFields: jest.fn(), contribute: jest.fn(), myContribution: jest.fn(), myContributions: jest.fn(), home: jest.fn() },
}));
const api = cmsApi as jest.Mocked<typeof cmsApi>;

const BOOK = {
  model: { id: 3, name: 'Book' },
  fields: [
    { name: 'author', title: 'Author', type: 'text' as const, options: [], required: true },
    { name: 'format', title: 'Format', type: 'select' as const, options: ['paper', 'ebook'], required: false },
  ],
};
const ok = <T,>(data: T) => ({ code: 1, msg: '', time: 0, data }) as never;

function memoryStorage() {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), removeItem: (k: string) => void data.delete(k) };
}

const view = mountEachTest();

/** The fields as the contribution form places them: headed by its own (translated) title. */
function Fields({ channelId, onChange }: { channelId: number; onChange: (v: unknown) => void }) {
  const t = useT();
  return <ExtraFieldsInput side="member" title={t('frontend.user.cms.contributions.modelFields')} channelId={channelId} value={{ author: 'Ann' }} onChange={onChange} />;
}

describe("the member's contribution form and the channel's content-model fields", () => {
  beforeAll(() => {
    addMessages('zh-cn', zh, 'frontend.user.cms.contributions');
    addMessages('en', en, 'frontend.user.cms.contributions');
  });
  beforeEach(() => jest.resetAllMocks());
  afterEach(async () => act(() => setLocale('zh-cn')));

  it('asks the member route for the fields (the back office asks its own)', async () => {
    api.memberModelFields.mockResolvedValue(ok(BOOK));
    const member = new ModelFieldsStore('member');
    await member.load(5);
    expect(api.memberModelFields).toHaveBeenCalledWith(5);
    expect(api.modelFields).not.toHaveBeenCalled();
    expect(member.fields.map((f) => f.name)).toEqual(['author', 'format']);
    api.modelFields.mockResolvedValue(ok({ model: null, fields: [] }));
    await new ModelFieldsStore().load(5);
    expect(api.modelFields).toHaveBeenCalledWith(5);
    // a refused channel leaves no stale fields
    api.memberModelFields.mockRejectedValue({ code: 0, msg: 'The selected Channel does not exist' });
    await member.load(6);
    expect(member.fields).toEqual([]);
  });

  it("shows the chosen channel's fields at 390 px, headed in both languages; nothing for a channel without a model", async () => {
    window.innerWidth = 390;
    api.memberModelFields.mockImplementation(async (channelId: number) => (channelId === 5 ? ok(BOOK) : ok({ model: null, fields: [] })));
    const root = new RootStore({ storage: memoryStorage() });
    const onChange = jest.fn();
    const render = (channelId: number) =>
      act(async () => {
        view.root.render(
          <StoreProvider value={root}>
            <div style={{ width: 390 }}>
              <Fields channelId={channelId} onChange={onChange} />
            </div>
          </StoreProvider>,
        );
      });
    await render(5);
    const box = () => view.container.querySelector('[data-testid=extra-fields]');
    expect(box()?.textContent).toContain('Author');
    expect(box()?.textContent).toContain('Format');
    expect(box()?.textContent).toContain('本栏目的附加字段');
    expect(view.container.querySelector<HTMLInputElement>('input[data-testid=extra-author]')?.value).toBe('Ann');
    await act(() => setLocale('en'));
    expect(box()?.textContent).toContain('Fields of this channel');
    // typing reaches the form's values
    const input = view.container.querySelector<HTMLInputElement>('input[data-testid=extra-author]')!;
    await act(async () => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, 'Bo');
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(onChange).toHaveBeenLastCalledWith({ author: 'Bo' });
    await render(7);
    expect(box()).toBeNull();
    expect(view.container.textContent).toBe('');
  });

  it('sends the values with the contribution and reads them back to revise it', async () => {
    api.contribute.mockResolvedValue(ok({ id: 9, status: 0 }));
    api.myContributions.mockResolvedValue(ok({ list: [], total: 0 }));
    api.home.mockResolvedValue(ok({ channels: [] }));
    const store = new ContributionsStore();
    await store.open();
    expect(store.form?.extra).toEqual({});
    store.setField('channel_id', 5);
    store.setField('title', 'My book');
    store.setField('content', '<p>x</p>');
    store.setField('extra', { author: 'Ann', format: 'ebook' });
    expect(await store.submit()).toBe(true);
    expect(api.contribute).toHaveBeenCalledWith({ channel_id: 5, title: 'My book', content: '<p>x</p>', description: '', keywords: '', extra: { author: 'Ann', format: 'ebook' } });

    api.myContribution.mockResolvedValue(ok({ row: { id: 9, channel_id: 5, title: 'My book', content: '<p>x</p>', description: '', keywords: '', images: '', status: 2, memo: 'More detail', extra: { author: 'Ann', format: 'ebook' } } }));
    await store.open(9);
    expect(store.form).toMatchObject({ id: 9, extra: { author: 'Ann', format: 'ebook' } });
    expect(await store.submit()).toBe(true);
    expect(api.contribute).toHaveBeenLastCalledWith(expect.objectContaining({ id: 9, extra: { author: 'Ann', format: 'ebook' } }));
  });

  it('refuses an empty body (editor markup without text) before sending, with the empty-editor message', async () => {
    api.contribute.mockClear();
    api.contribute.mockResolvedValue(ok({ id: 9, status: 0 }));
    api.myContributions.mockResolvedValue(ok({ list: [], total: 0 }));
    api.home.mockResolvedValue(ok({ channels: [] }));
    const store = new ContributionsStore();
    await store.open();
    store.setField('channel_id', 5);
    store.setField('title', 'My book');
    for (const empty of ['', '<p><br></p>', '<p>&nbsp;</p>', ' <p> </p> ']) {
      store.setField('content', empty);
      expect(await store.submit()).toBe(false);
      expect(store.contentError).toBe('validate.editorEmpty');
    }
    expect(api.contribute).not.toHaveBeenCalled();
    store.setField('content', '<p><img src="/storage/cover.png"></p>');
    expect(store.contentError).toBeNull();
    expect(await store.submit()).toBe(true);
    expect(api.contribute).toHaveBeenCalledWith(expect.objectContaining({ content: '<p><img src="/storage/cover.png"></p>' }));
  });
});
