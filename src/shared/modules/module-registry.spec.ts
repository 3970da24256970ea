import { DataSource } from 'typeorm';
import { CacheRegistry } from '../cache/cache-registry';
import { SiteVersion } from '../cache/site-version';
import { ModuleManifest, ModuleRegistry } from './module-registry';

/** A registry over a stand-in database holding the given state rows and site version. */
function registryWith(rows: Array<{ name: string; state: number }>) {
  const state = { rows, version: 1 };
  const dataSource = {
    query: async (sql: string) => (sql.includes('cache_version') ? [{ version: state.version }] : state.rows),
  } as unknown as DataSource;
  const registry = new ModuleRegistry(dataSource, new SiteVersion(dataSource), new CacheRegistry());
  const manifest = (name: string, core: boolean, extra: Partial<ModuleManifest> = {}): ModuleManifest => ({ name, title: `module.title.${name}`, version: '1.0.0', core, routes: [], menus: [], jobs: [], ...extra });
  registry.declare(manifest('orders', true, { jobs: ['orders.nightly'] }));
  registry.declare(manifest('cms', false, { routes: ['/admin/cms.', '/api/cms/'], menus: ['cms'] }));
  registry.declare(manifest('adverts', false, { routes: ['/admin/cms.advert', '/api/cms/advert'], menus: ['cms/advert'], jobs: ['adverts.expire'] }));
  return { registry, state };
}

describe('ModuleRegistry', () => {
  it('given no state rows, when asked, then every module is on and every job runs', async () => {
    const { registry } = registryWith([]);
    expect(await registry.isEnabled('cms')).toBe(true);
    expect(await registry.runs('adverts.expire')).toBe(true);
    expect(await registry.routeDisabled('/admin/cms.Content/index')).toBe(false);
  });

  it('given adverts disabled, then its job stops, its routes 404 (the longest prefix wins) and its menus hide; cms stays', async () => {
    const { registry } = registryWith([{ name: 'adverts', state: 0 }]);
    expect(await registry.runs('adverts.expire')).toBe(false);
    expect(await registry.runs('orders.nightly')).toBe(true);
    expect(await registry.routeDisabled('/admin/cms.Advert/index')).toBe(true);
    expect(await registry.routeDisabled('/API/CMS/adverts?position=home')).toBe(true);
    expect(await registry.routeDisabled('/admin/cms.Content/index')).toBe(false);
    const shown = await registry.menuFilter();
    expect(['cms', 'cms/content', 'cms/advert', 'cms/advert/add', 'cms/advertPosition'].filter(shown)).toEqual(['cms', 'cms/content', 'cms/advertPosition']);
  });

  it('given a core module with a disabled row, then it is still on', async () => {
    const { registry } = registryWith([{ name: 'orders', state: 0 }]);
    expect(await registry.isEnabled('orders')).toBe(true);
    expect(await registry.runs('orders.nightly')).toBe(true);
  });

  it('given a state change with a new site version, then the next question sees it (no stale cache)', async () => {
    const { registry, state } = registryWith([]);
    expect(await registry.isEnabled('cms')).toBe(true);
    state.rows = [{ name: 'cms', state: 0 }];
    expect(await registry.isEnabled('cms')).toBe(true); // same version: the kept answer
    state.version = 2;
    expect(await registry.isEnabled('cms')).toBe(false);
  });

  it('refuses a module declared twice or with a name that is not lower-case snake', () => {
    const { registry } = registryWith([]);
    expect(() => registry.declare({ name: 'cms', title: '', version: '1', core: false, routes: [], menus: [], jobs: [] })).toThrow(/declared twice/);
    expect(() => registry.declare({ name: 'Bad-Name', title: '', version: '1', core: false, routes: [], menus: [], jobs: [] })).toThrow(/snake/);
  });
});
