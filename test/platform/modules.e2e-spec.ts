import { generateKeyPairSync, KeyObject, sign } from 'node:crypto';
import { as, createAdmin, http, login, Session } from '../support/api';
import { adminSpec } from '../support/admin-spec';
import { TestApp } from '../setup/create-test-app';
import { ModuleRegistry } from '../../src/shared/modules/module-registry';

const MODULES = '/admin/module.Module';

/** A package file as docs/MODULES.md describes it, signed with `key` (none: unsigned). */
function packageFile(payload: object, key?: KeyObject, tamper?: (bytes: Buffer) => Buffer): Buffer {
  const bytes = Buffer.from(JSON.stringify(payload));
  const signature = key ? sign(null, bytes, key).toString('base64') : '';
  const shipped = tamper ? tamper(bytes) : bytes;
  return Buffer.from(JSON.stringify({ format: 'wms-module/1', payload: shipped.toString('base64'), signature }));
}

const rawPublic = (key: KeyObject) => key.export({ format: 'der', type: 'spki' }).subarray(12).toString('base64');

const MANIFEST = {
  name: 'shipping_rates',
  title: { 'zh-cn': '运费规则', en: 'Shipping rates' },
  version: '1.0.0',
  migrations: ['1764900000000-shipping-rates.ts'],
  files: { 'src/shipping-rates.ts': Buffer.from('export const x = 1;').toString('base64') },
};

const menuNames = (nodes: Array<{ name: string; children?: unknown[] }>): string[] =>
  nodes.flatMap((n) => [n.name, ...menuNames((n.children ?? []) as Array<{ name: string; children?: unknown[] }>)]);

describe('module management (module.Module)', () => {
  let t: TestApp;
  let session: Session;
  const trusted = generateKeyPairSync('ed25519');
  const stranger = generateKeyPairSync('ed25519');
  const saved = process.env.MODULE_TRUSTED_KEYS;

  beforeAll(() => {
    // a second key the site also trusts, in SPKI DER form: either form is accepted
    const other = generateKeyPairSync('ed25519').publicKey.export({ format: 'der', type: 'spki' }).toString('base64');
    process.env.MODULE_TRUSTED_KEYS = `${rawPublic(trusted.publicKey)}, ${other}`;
  });
  afterAll(() => {
    if (saved === undefined) delete process.env.MODULE_TRUSTED_KEYS;
    else process.env.MODULE_TRUSTED_KEYS = saved;
  });

  adminSpec({ ready: (f) => ((t = f.t), (session = f.session)) });

  const admin = () => as(t, session);
  const install = (file: Buffer, lang = 'en') => http(t).post(`${MODULES}/install`).set('batoken', session.token).set('think-lang', lang).attach('file', file, 'module.json');

  it('needs a signed-in admin holding the page (302 without a token, 401 without the rule)', async () => {
    expect((await http(t).get(`${MODULES}/index`).set('think-lang', 'en')).body.code).toBe(302);
    await createAdmin(t, 'clerk', ['dashboard']);
    const clerk = await login(t, 'clerk');
    expect((await as(t, clerk).get(`${MODULES}/index`)).body.code).toBe(401);
    expect((await as(t, clerk).post(`${MODULES}/disable`, { name: 'cms' })).body.code).toBe(401);
    expect(await t.dataSource.query('SELECT * FROM module_state')).toHaveLength(0);
  });

  it('lists the core contexts and the optional modules, all enabled on a fresh site', async () => {
    const res = await admin().get(`${MODULES}/index`);
    expect(res.body.code).toBe(1);
    const byName = Object.fromEntries(res.body.data.list.map((m: { name: string }) => [m.name, m]));
    for (const core of ['platform', 'accounts', 'master_data', 'inventory', 'orders', 'security', 'integration']) expect(byName[core]).toMatchObject({ core: 1, state: 1, source: 'builtin' });
    expect(byName.cms).toMatchObject({ core: 0, state: 1, title: 'Content management', version: '1.0.0' });
    expect(byName.member).toMatchObject({ core: 0, state: 1, title: 'Member center' });
    const zh = await http(t).get(`${MODULES}/index`).set('batoken', session.token).set('think-lang', 'zh-cn');
    expect(zh.body.data.list.find((m: { name: string }) => m.name === 'cms').title).toBe('内容管理');
  });

  it('disabling cms answers 404 on its routes, hides its menus and keeps its data; enabling brings them back', async () => {
    const channel = await admin().post('/admin/cms.Channel/add', { name: 'News', type: 'list', status: 1 });
    expect(channel.body.code).toBe(1);
    expect(menuNames((await admin().get('/admin/index/index')).body.data.menus)).toContain('cms/content');

    const off = await admin().post(`${MODULES}/disable`, { name: 'cms' });
    expect(off.body).toMatchObject({ code: 1, msg: 'Module disabled', data: { name: 'cms', state: 0 } });
    const gone = await admin().get('/admin/cms.Channel/index');
    expect(gone.status).toBe(404);
    expect(gone.body.code).toBe(0);
    expect((await http(t).get('/admin/cms.Channel/index')).status).toBe(404); // token or not
    expect((await http(t).get('/api/cms/index')).status).toBe(404);
    expect(menuNames((await admin().get('/admin/index/index')).body.data.menus).filter((n) => n.startsWith('cms'))).toEqual([]);
    expect(await t.dataSource.query("SELECT name FROM cms_channel WHERE name = 'News'")).toHaveLength(1);
    // other routes are untouched
    expect((await admin().get('/admin/wms.Brand/index')).body.code).toBe(1);

    const on = await admin().post(`${MODULES}/enable`, { name: 'cms' });
    expect(on.body).toMatchObject({ code: 1, msg: 'Module enabled', data: { state: 1 } });
    const back = await admin().get('/admin/cms.Channel/index');
    expect(back.body.code).toBe(1);
    expect(back.body.data.list.map((r: { name: string }) => r.name)).toContain('News');
    expect(menuNames((await admin().get('/admin/index/index')).body.data.menus)).toContain('cms/content');
  });

  it('disabling the member center answers 404 on the member routes and tells the front it is closed', async () => {
    const before = (await http(t).get('/api/index/index')).body.data;
    expect(before.openMemberCenter).toBe(true);
    // every optional module's state, for the web app to hide its links: core contexts are not listed
    expect(before.modules).toEqual({ cms: 1, member: 1, adverts: 1, notices: 1, robots: 1, oauth: 1 });
    await admin().post(`${MODULES}/disable`, { name: 'member' });
    expect((await http(t).get('/api/user/checkIn')).status).toBe(404);
    expect((await http(t).post('/api/account/profile').send({})).status).toBe(404);
    const front = await http(t).get('/api/index/index');
    expect(front.body.data).toMatchObject({ openMemberCenter: false, modules: { member: 0, cms: 1 }, menus: [] });
    // a member-center page's bootstrap: there is no such page
    expect((await http(t).get('/api/index/index?requiredLogin=1')).status).toBe(404);
    // the back office still manages the member accounts
    expect((await admin().get('/admin/user.User/index')).body.code).toBe(1);
    // enabled again: the front says so at its next read
    await admin().post(`${MODULES}/enable`, { name: 'member' });
    expect((await http(t).get('/api/index/index')).body.data).toMatchObject({ openMemberCenter: true, modules: { member: 1 } });
  });

  it('honours a state written by another node (or before a restart): the next request sees it', async () => {
    // what another process does: the row and the site version, in one transaction
    await t.dataSource.transaction(async (m) => {
      await m.query("INSERT INTO module_state (name, state, updatetime) VALUES ('cms', 0, 0)");
      await m.query("UPDATE cache_version SET version = version + 1 WHERE name = 'site'");
    });
    expect((await admin().get('/admin/cms.Content/index')).status).toBe(404);
    const listed = (await admin().get(`${MODULES}/index`)).body.data.list.find((m: { name: string }) => m.name === 'cms');
    expect(listed.state).toBe(0);
    // a fresh process reads the table: no cache survives a restart
    const registry = t.app.get(ModuleRegistry);
    await t.dataSource.query("UPDATE module_state SET state = 1 WHERE name = 'cms'");
    await t.dataSource.query("UPDATE cache_version SET version = version + 1 WHERE name = 'site'");
    expect(await registry.isEnabled('cms')).toBe(true);
  });

  it('refuses core modules, unknown and malformed names, translated', async () => {
    const core = await admin().post(`${MODULES}/disable`, { name: 'inventory' });
    expect(core.body).toMatchObject({ code: 0, msg: 'Inventory and stock ledger is a core module: it cannot be disabled or enabled' });
    const zh = await http(t).post(`${MODULES}/disable`).set('batoken', session.token).set('think-lang', 'zh-cn').send({ name: 'orders' });
    expect(zh.body.msg).toBe('单据与作业 是核心模块，不能禁用或启用');
    expect((await admin().post(`${MODULES}/disable`, { name: 'nothing_here' })).body).toMatchObject({ code: 0, msg: 'There is no module named nothing_here' });
    expect((await admin().post(`${MODULES}/disable`, { name: "cms'; DROP TABLE x" })).body.code).toBe(0);
    expect((await admin().post(`${MODULES}/disable`, {})).body.code).toBe(0);
    expect(await t.dataSource.query('SELECT * FROM module_state')).toHaveLength(0);
  });

  describe('install', () => {
    it('records a package signed with a trusted key (its manifest only), and lists it', async () => {
      const res = await install(packageFile(MANIFEST, trusted.privateKey));
      expect(res.body).toMatchObject({ code: 1, msg: 'Module installed', data: { name: 'shipping_rates', title: 'Shipping rates', version: '1.0.0', state: 1, core: 0, source: 'package', migrations: MANIFEST.migrations } });
      const [row] = await t.dataSource.query("SELECT name, version, manifest, key_id FROM module_package WHERE name = 'shipping_rates'");
      expect(JSON.parse(row.manifest).files).toEqual([{ path: 'src/shipping-rates.ts', size: 19, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) }]);
      expect(row.key_id).toMatch(/^[0-9a-f]{16}$/);
      const zh = await http(t).get(`${MODULES}/index`).set('batoken', session.token).set('think-lang', 'zh-cn');
      expect(zh.body.data.list.find((m: { name: string }) => m.name === 'shipping_rates').title).toBe('运费规则');
      // an installed module can be switched like any optional one
      expect((await admin().post(`${MODULES}/disable`, { name: 'shipping_rates' })).body.data.state).toBe(0);
      // the same version again is refused, a newer one replaces it
      expect((await install(packageFile(MANIFEST, trusted.privateKey))).body).toMatchObject({ code: 0, msg: 'Module shipping_rates is installed at version 1.0.0: only a newer version can be installed' });
      expect((await install(packageFile({ ...MANIFEST, version: '1.10.0' }, trusted.privateKey))).body.data.version).toBe('1.10.0');
      expect(await t.dataSource.query('SELECT id FROM module_package')).toHaveLength(1);
    });

    it('refuses an unsigned, an altered and a stranger-signed package, translated, and records nothing', async () => {
      expect((await install(packageFile(MANIFEST))).body).toMatchObject({ code: 0, msg: 'The module package is not signed: it was refused' });
      const altered = packageFile(MANIFEST, trusted.privateKey, (bytes) => Buffer.from(bytes.toString().replace('1.0.0', '9.0.0')));
      expect((await install(altered)).body.msg).toMatch(/^The module package's signature does not verify with a trusted key/);
      const zh = await install(packageFile(MANIFEST, stranger.privateKey), 'zh-cn');
      expect(zh.body).toMatchObject({ code: 0, msg: '模块包的签名无法用可信公钥验证（已被篡改或由其他密钥签名），已拒绝' });
      expect((await install(Buffer.from('not json'))).body.msg).toBe('The file is not a module package');
      expect((await http(t).post(`${MODULES}/install`).set('batoken', session.token).set('think-lang', 'en').send({})).body.msg).toBe('Choose a module package file to install');
      expect(await t.dataSource.query('SELECT id FROM module_package')).toHaveLength(0);
    });

    it('refuses a signed package whose manifest is unsafe or names a built-in module', async () => {
      const escape = await install(packageFile({ ...MANIFEST, files: { '../../etc/passwd': 'eA==' } }, trusted.privateKey));
      expect(escape.body).toMatchObject({ code: 0, msg: 'The module package\'s manifest is invalid (files)' });
      const badName = await install(packageFile({ ...MANIFEST, name: 'Bad Name' }, trusted.privateKey));
      expect(badName.body.msg).toBe("The module package's manifest is invalid (name)");
      const builtin = await install(packageFile({ ...MANIFEST, name: 'cms' }, trusted.privateKey));
      expect(builtin.body.msg).toBe('The package\'s name cms is a module of this product: it cannot be installed over it');
      expect(await t.dataSource.query('SELECT id FROM module_package')).toHaveLength(0);
    });

    it('refuses every package while the site trusts no key', async () => {
      const keys = process.env.MODULE_TRUSTED_KEYS;
      delete process.env.MODULE_TRUSTED_KEYS;
      try {
        expect((await install(packageFile(MANIFEST, trusted.privateKey))).body.msg).toBe('This site trusts no module signing key (MODULE_TRUSTED_KEYS): no package can be installed');
      } finally {
        process.env.MODULE_TRUSTED_KEYS = keys;
      }
    });
  });
});
