import { ACCOUNT_KEY, rememberAccount, rememberedAccount } from './rememberedAccount';

function memory() {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), removeItem: (k: string) => void map.delete(k), map };
}

describe('remembered account', () => {
  it('remembers each identity apart under the key "account", and forgets it when the box is not ticked', () => {
    const storage = memory();
    expect(rememberedAccount('admin', storage)).toBe('');
    rememberAccount('admin', ' admin ', true, storage);
    rememberAccount('user', 'buyer1', true, storage);
    expect(JSON.parse(storage.map.get(ACCOUNT_KEY)!)).toEqual({ admin: 'admin', user: 'buyer1' });
    expect(rememberedAccount('admin', storage)).toBe('admin');
    rememberAccount('admin', 'admin', false, storage);
    expect(rememberedAccount('admin', storage)).toBe('');
    expect(rememberedAccount('user', storage)).toBe('buyer1');
    rememberAccount('user', 'buyer1', false, storage);
    expect(storage.map.has(ACCOUNT_KEY)).toBe(false);
  });

  it('reads nothing from a damaged entry', () => {
    const storage = memory();
    storage.setItem(ACCOUNT_KEY, '{not json');
    expect(rememberedAccount('user', storage)).toBe('');
  });
});
