import { CacheRegistry, isClearRequestType } from './cache-registry';

describe('CacheRegistry', () => {
  it('clears only the caches of the named type', async () => {
    const registry = new CacheRegistry();
    const cleared: string[] = [];
    registry.register('config', () => void cleared.push('config'));
    registry.register('rules', async () => void cleared.push('rules'));

    expect(await registry.clear('config')).toEqual(['config']);
    expect(cleared).toEqual(['config']);
  });

  it('clears every registered cache for all and tp', async () => {
    const registry = new CacheRegistry();
    const cleared: string[] = [];
    registry.register('config', () => void cleared.push('config'));
    registry.register('rules', () => void cleared.push('rules a'));
    registry.register('rules', () => void cleared.push('rules b'));

    expect(await registry.clear('all')).toEqual(['config', 'rules']);
    expect(cleared).toEqual(['config', 'rules a', 'rules b']);
    cleared.length = 0;
    await registry.clear('tp');
    expect(cleared).toHaveLength(3);
  });

  it('forgets a clear function once it is unregistered', async () => {
    const registry = new CacheRegistry();
    let calls = 0;
    const unregister = registry.register('rules', () => void calls++);
    expect(registry.count('rules')).toBe(1);
    unregister();
    expect(registry.count('rules')).toBe(0);
    await registry.clear('all');
    expect(calls).toBe(0);
  });

  it('accepts only the known request types', () => {
    for (const type of ['all', 'tp', 'config', 'rules']) expect(isClearRequestType(type)).toBe(true);
    for (const type of ['', 'storage', 'ALL', '__proto__', 1, null, ['all']]) expect(isClearRequestType(type)).toBe(false);
  });
});
