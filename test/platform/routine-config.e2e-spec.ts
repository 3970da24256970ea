import { Logger } from '@nestjs/common';
import { AddressInfo, createServer, Server, Socket } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { ConfigAdminService } from '../../src/modules/platform/config/config-admin.service';
import { ConfigTestMailRule1763800000600 } from '../../migrations/1763800000600-config-test-mail-rule';
import { CacheRegistry } from '../../src/shared/cache/cache-registry';
import { TestApp } from '../setup/create-test-app';
import { as, createAdmin, http, login, Session } from '../support/api';
import { Mailbox } from '../support/mailbox';
import { adminSpec } from '../support/admin-spec';

/**
 * `routine.Config`: the settings by group with typed values,
 * secrets (type password) never answered in clear and kept when the mask comes back, typed validation with
 * translated messages and nothing half-written, adding and deleting items, the test mail, permissions, and
 * the admin log that never records a secret.
 */
const BASE = '/admin/routine.Config';
const MASK = '******';
const SECRET = 'hunter2-secret';

interface ConfigItemView {
  name: string;
  type: string;
  value: unknown;
  title: string;
  content: Record<string, string>;
  allow_del: number;
  id: number;
}

describe('routine.Config', () => {
  let t: TestApp;
  let root: Session;

  const stored = async (name: string): Promise<string | null> => {
    const rows: Array<{ value: string | null }> = await t.dataSource.query('SELECT value FROM config WHERE name = ?', [name]);
    return rows.length ? rows[0].value : null;
  };
  const setStored = (name: string, value: string) => t.dataSource.query('UPDATE config SET value = ? WHERE name = ?', [value, name]);
  const index = async (session: Session = root, lang = 'en') => {
    const res = await http(t).get(`${BASE}/index`).set('batoken', session.token).set('think-lang', lang);
    expect(res.body.code).toBe(1);
    return res.body.data as { list: Record<string, { name: string; title: string; list: ConfigItemView[] }>; configGroup: Record<string, string>; quickEntrance: unknown[]; remark: string };
  };
  const itemOf = async (name: string): Promise<ConfigItemView | undefined> =>
    Object.values((await index()).list)
      .flatMap((group) => group.list)
      .find((item) => item.name === name);
  /** The admin log rows of this controller (written after the answer is sent: wait for `count`). */
  const configLog = async (count: number): Promise<Array<{ url: string; data: string }>> => {
    for (let i = 0; i < 150; i++) {
      const all: Array<{ url: string; data: string }> = await t.dataSource.query('SELECT url, data FROM admin_log ORDER BY id');
      const rows = all.filter((row) => /routine\.Config/i.test(row.url));
      if (rows.length >= count) return rows;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`fewer than ${count} admin log rows`);
  };

  adminSpec({ ready: (fixture) => ({ t, session: root } = fixture) });

  describe('who may use it', () => {
    it('asks for a sign-in on every action: the settings are never public', async () => {
      await setStored('smtp_pass', SECRET);
      for (const [method, action] of [
        ['get', 'index'],
        ['post', 'edit'],
        ['post', 'add'],
        ['post', 'sendTestMail'],
      ] as const) {
        const res = await http(t)[method](`${BASE}/${action}`).set('think-lang', 'en').send({ site_name: 'Hijacked' });
        expect(res.body).toMatchObject({ code: 302, data: { routePath: '/admin/login' } });
        expect(JSON.stringify(res.body)).not.toContain(SECRET);
      }
      expect(await stored('site_name')).toBe('仓库管理系统');
    });

    it('refuses an admin without the rule, and an admin who may only look cannot save', async () => {
      await createAdmin(t, 'clerk', ['dashboard', 'dashboard/index']);
      const clerk = await login(t, 'clerk');
      expect((await as(t, clerk).get(`${BASE}/index`)).body).toMatchObject({ code: 401, msg: 'You have no permission!', data: null });
      expect((await as(t, clerk).post(`${BASE}/edit`, { site_name: 'Hijacked' })).body.code).toBe(401);
      expect((await as(t, clerk).post(`${BASE}/add`, { name: 'x_item', group: 'basics', title: 'X', type: 'string' })).body.code).toBe(401);
      expect((await as(t, clerk).post(`${BASE}/sendTestMail`, { testMail: 'a@example.com' })).body.code).toBe(401);

      await createAdmin(t, 'viewer', ['routine', 'routine/config', 'routine/config/index']);
      const viewer = await login(t, 'viewer');
      expect(Object.keys((await index(viewer)).list)).toContain('mail');
      expect((await as(t, viewer).post(`${BASE}/edit`, { site_name: 'Hijacked' })).body.code).toBe(401);
      expect(await stored('site_name')).toBe('仓库管理系统');
      expect(await t.dataSource.query("SELECT id FROM config WHERE name = 'x_item'")).toHaveLength(0);
    });

    it('lets an admin holding the config rules save, and seeds the test-mail button', async () => {
      const nodes: Array<{ name: string; title_en: string }> = await t.dataSource.query("SELECT name, title_en FROM admin_rule WHERE name LIKE 'routine/config/%' ORDER BY id");
      expect(nodes.map((n) => n.name)).toEqual(['routine/config/index', 'routine/config/edit', 'routine/config/add', 'routine/config/del', 'routine/config/sendTestMail']);
      expect(nodes[4].title_en).toBe('Send test mail');
      await createAdmin(t, 'keeper', ['routine', 'routine/config', 'routine/config/index', 'routine/config/edit']);
      const keeper = await login(t, 'keeper');
      expect((await as(t, keeper).post(`${BASE}/edit`, { site_name: 'Depot' })).body).toMatchObject({ code: 1, msg: 'The configuration was saved' });
      expect(await stored('site_name')).toBe('Depot');
    });
  });

  describe('a database seeded before the test mail existed', () => {
    it('gets the button from the migration, granted to the groups that may edit, the SMTP password made secret and missing icons replaced', async () => {
      await t.dataSource.query('DELETE FROM admin_rule WHERE name = ?', ['routine/config/sendTestMail']);
      await t.dataSource.query("UPDATE config SET type = 'string', secret = 0 WHERE name = 'smtp_pass'");
      // icons seeded before under names Arco does not have; one of them changed by an admin since
      await t.dataSource.query("UPDATE admin_rule SET icon = 'IconBarChart' WHERE name = 'wms/stock'");
      await t.dataSource.query("UPDATE admin_rule SET icon = 'IconHome' WHERE name = 'wms/unit'");
      await createAdmin(t, 'keeper', ['routine', 'routine/config', 'routine/config/index', 'routine/config/edit']);
      await createAdmin(t, 'viewer', ['routine', 'routine/config', 'routine/config/index']);
      const runner = t.dataSource.createQueryRunner();
      try {
        await new ConfigTestMailRule1763800000600().up(runner);
        await new ConfigTestMailRule1763800000600().up(runner); // a second run changes nothing
      } finally {
        await runner.release();
      }
      expect(await t.dataSource.query('SELECT id FROM admin_rule WHERE name = ?', ['routine/config/sendTestMail'])).toHaveLength(1);
      const keeper = await login(t, 'keeper');
      const viewer = await login(t, 'viewer');
      expect((await as(t, keeper).post(`${BASE}/sendTestMail`, { testMail: 'a@example.com' })).body).toMatchObject({ code: 0, msg: 'Please fill in the SMTP server, the port and the sender address first' });
      expect((await as(t, viewer).post(`${BASE}/sendTestMail`, { testMail: 'a@example.com' })).body.code).toBe(401);
      const [pass] = await t.dataSource.query("SELECT type, secret FROM config WHERE name = 'smtp_pass'");
      expect({ type: pass.type, secret: Number(pass.secret) }).toEqual({ type: 'password', secret: 1 });
      const icons: Array<{ name: string; icon: string }> = await t.dataSource.query("SELECT name, icon FROM admin_rule WHERE name IN ('wms/stock', 'wms/unit') ORDER BY name");
      expect(icons).toEqual([
        { name: 'wms/stock', icon: 'IconArchive' },
        { name: 'wms/unit', icon: 'IconHome' },
      ]);
    });
  });

  describe('index', () => {
    it('answers the items by group, typed and translated, with the quick entrances', async () => {
      const zh = await index(root, 'zh-cn');
      expect(Object.keys(zh.list)).toEqual(['basics', 'mail', 'upload', 'sms', 'config_quick_entrance']);
      expect(zh.configGroup).toMatchObject({ basics: '基础配置', mail: '邮件配置' });
      const en = await index();
      expect(en.configGroup).toEqual({ basics: 'Basics', mail: 'Mail', upload: 'Upload', sms: 'SMS', config_quick_entrance: 'Quick entrance' });
      expect(en.list.basics).toMatchObject({ name: 'basics', title: 'Basics' });
      expect(en.list.basics.list.map((item) => item.name)).toEqual(['site_name', 'record_number', 'version', 'time_zone', 'expiry_warning_days', 'no_access_ip', 'iframe_hosts', 'gs1_company_prefix', 'auto_replenish', 'config_group']);
      expect(en.list.basics.list[0]).toMatchObject({ name: 'site_name', type: 'string', value: '仓库管理系统', title: 'Site name', rule: 'required', allow_del: 0 });
      expect(en.list.basics.list.find((item) => item.name === 'config_group')!.value).toEqual([
        { key: 'basics', value: 'Basics' },
        { key: 'mail', value: 'Mail' },
        { key: 'upload', value: 'Upload' },
        { key: 'sms', value: 'SMS' },
        { key: 'config_quick_entrance', value: 'Quick entrance' },
      ]);
      expect(en.list.mail.list.find((item) => item.name === 'smtp_verification')).toMatchObject({ type: 'select', value: 'SSL', content: { SSL: 'SSL', TLS: 'TLS' } });
      expect(en.list.upload.list.find((item) => item.name === 'upload_mode')!.content).toMatchObject({ local: 'This server' });
      expect(en.quickEntrance).toEqual([
        { key: 'Attachments', value: '/admin/routine/attachment' },
        { key: 'Admin log', value: '/admin/auth/adminLog' },
        { key: 'Message templates', value: '/admin/routine/messageTemplate' },
      ]);
      expect(typeof en.remark).toBe('string');
    });

    it('never answers a password in clear: the mask when one is stored, empty when none', async () => {
      expect((await itemOf('smtp_pass'))!.value).toBe('');
      await setStored('smtp_pass', SECRET);
      const res = await as(t, root).get(`${BASE}/index`);
      expect(JSON.stringify(res.body)).not.toContain(SECRET);
      expect((await itemOf('smtp_pass'))!).toMatchObject({ type: 'password', value: MASK });
    });
  });

  describe('edit', () => {
    it('round-trips: what index answers saves back unchanged, the secret and the bilingual texts kept', async () => {
      await setStored('smtp_pass', SECRET);
      const groupsBefore = await stored('config_group');
      const before = await index();
      const body = Object.fromEntries(Object.values(before.list).flatMap((group) => group.list.map((item) => [item.name, item.value])));
      const saved = await as(t, root).post(`${BASE}/edit`, body);
      expect(saved.body).toMatchObject({ code: 1, msg: 'The configuration was saved' });
      expect(saved.body.data.list).toEqual(before.list);
      expect(JSON.stringify(saved.body)).not.toContain(SECRET);
      expect(await stored('smtp_pass')).toBe(SECRET);
      expect(await stored('config_group')).toBe(groupsBefore);
      expect(await index(root, 'zh-cn')).toMatchObject({ configGroup: { basics: '基础配置' } });
    });

    it('saves many values of several groups at once, typed, and the site config follows at once', async () => {
      const res = await as(t, root).post(`${BASE}/edit`, {
        site_name: '  Depot North  ',
        smtp_port: 587,
        smtp_verification: 'TLS',
        smtp_sender_mail: 'depot@example.com',
        upload_maxsize: '2mb',
        id: 99,
        no_such_item: 'ignored',
      });
      expect(res.body.code).toBe(1);
      expect(await stored('site_name')).toBe('Depot North');
      expect(await stored('smtp_port')).toBe('587');
      expect(await stored('smtp_verification')).toBe('TLS');
      expect(await t.dataSource.query("SELECT id FROM config WHERE name = 'no_such_item'")).toHaveLength(0);
      const boot = await as(t, root).get('/admin/index/index');
      expect(boot.body.data.siteConfig).toMatchObject({ siteName: 'Depot North', upload: { maxsize: 2 * 1024 * 1024 } });
      expect((await http(t).get('/api/index/index').set('think-lang', 'en')).body.data.site).toMatchObject({ siteName: 'Depot North' });
    });

    it('empties the site config caches after a save, and only after a save', async () => {
      let cleared = 0;
      const unregister = t.app.get(CacheRegistry).register('config', () => void cleared++);
      try {
        expect((await as(t, root).post(`${BASE}/edit`, { smtp_port: 'bad' })).body.code).toBe(0);
        expect(cleared).toBe(0);
        expect((await as(t, root).post(`${BASE}/edit`, { site_name: 'Depot' })).body.code).toBe(1);
        expect(cleared).toBe(1);
      } finally {
        unregister();
      }
    });

    it('replaces a secret with a new value, clears it with an empty one, keeps it with the mask', async () => {
      await setStored('smtp_pass', SECRET);
      expect((await as(t, root).post(`${BASE}/edit`, { smtp_pass: MASK, smtp_user: 'mailer' })).body.code).toBe(1);
      expect(await stored('smtp_pass')).toBe(SECRET);
      expect((await as(t, root).post(`${BASE}/edit`, { smtp_pass: 'n3w-pass' })).body.code).toBe(1);
      expect(await stored('smtp_pass')).toBe('n3w-pass');
      expect((await itemOf('smtp_pass'))!.value).toBe(MASK);
      expect((await as(t, root).post(`${BASE}/edit`, { smtp_pass: '' })).body.code).toBe(1);
      expect(await stored('smtp_pass')).toBe('');
      expect((await itemOf('smtp_pass'))!.value).toBe('');
    });

    it('refuses a bad value with a translated message naming the item, and writes nothing of the request', async () => {
      const cases: Array<[Record<string, unknown>, string, string]> = [
        [{ smtp_port: 'abc' }, 'SMTP port must be a number', 'SMTP 端口须为数字'],
        [{ site_name: '   ' }, 'Please enter Site name', '请输入站点名称'],
        [{ time_zone: 'Mars/Olympus' }, 'Time zone is not a known time zone, e.g. Asia/Shanghai', '时区不是可识别的时区，例如 Asia/Shanghai'],
        [{ smtp_verification: 'PLAIN' }, 'SMTP verification has an invalid value', ''],
        [{ smtp_sender_mail: 'not-an-address' }, 'Sender e-mail is not a valid e-mail address', ''],
        [{ upload_maxsize: 'huge' }, 'Maximum file size is not a file size, e.g. 10mb, 512kb or a number of bytes', ''],
        [{ config_quick_entrance: 'not a list' }, 'Quick entrance must be a list', ''],
        [{ config_group: [{ key: 'basics', value: 'Basics' }] }, 'The group "Mail" still has configuration items; delete or move them first', ''],
      ];
      for (const [bad, en, zh] of cases) {
        // a good change in the same request must not be written either
        const body = { record_number: 'ICP-123', ...bad };
        expect({ bad, body: (await as(t, root).post(`${BASE}/edit`, body)).body }).toMatchObject({ bad, body: { code: 0, msg: en, data: null } });
        if (zh) {
          const res = await http(t).post(`${BASE}/edit`).set('batoken', root.token).set('think-lang', 'zh-cn').send(body);
          expect({ bad, msg: res.body.msg }).toEqual({ bad, msg: zh });
        }
      }
      expect(await stored('record_number')).toBe('');
      expect(await stored('smtp_port')).toBe('465');
      expect(await stored('site_name')).toBe('仓库管理系统');
    });

    it('refuses a body that is not an object of values', async () => {
      const res = await http(t).post(`${BASE}/edit`).set('batoken', root.token).set('think-lang', 'en').set('content-type', 'application/json').send('[1,2]');
      expect(res.body).toMatchObject({ code: 0 });
    });
  });

  describe('add and del', () => {
    it('adds an item with options, which the page then lists and edit checks by its type', async () => {
      const res = await as(t, root).post(`${BASE}/add`, {
        name: 'delivery_mode',
        group: 'basics',
        title: 'Delivery mode',
        tip: 'How goods leave',
        type: 'radio',
        content: 'pickup=Pick-up\ncourier=Courier',
        rule: 'required',
        value: 'courier',
        weigh: 5,
        id: 1,
        allow_del: 0,
      });
      expect(res.body).toMatchObject({
        code: 1,
        msg: 'The configuration item was added',
        data: { name: 'delivery_mode', group: 'basics', type: 'radio', value: 'courier', content: { pickup: 'Pick-up', courier: 'Courier' }, allow_del: 1, weigh: 5 },
      });
      expect(res.body.data.id).not.toBe(1);
      expect((await index()).list.basics.list.map((item) => item.name)).toContain('delivery_mode');
      expect((await as(t, root).post(`${BASE}/edit`, { delivery_mode: 'teleport' })).body).toMatchObject({ code: 0, msg: 'Delivery mode has an invalid value' });
      expect((await as(t, root).post(`${BASE}/edit`, { delivery_mode: 'pickup' })).body.code).toBe(1);
      expect(await stored('delivery_mode')).toBe('pickup');
    });

    it('refuses a duplicate or unsafe name, an unknown group or type, and options missing', async () => {
      const base = { group: 'basics', title: 'T', type: 'string' };
      const count = async () => Number((await t.dataSource.query('SELECT COUNT(*) AS n FROM config'))[0].n);
      const before = await count();
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ name: 'site_name' }, 'A configuration item named site_name already exists'],
        [{ name: "x'; DROP TABLE config; --" }, 'The variable name must be 2 to 30 lower-case letters, digits or underscores, starting with a letter'],
        [{ name: 'shop_hint', group: 'nowhere' }, 'Please choose an existing group'],
        [{ name: 'shop_hint', type: 'script' }, 'Type has an invalid value'],
        [{ name: 'shop_hint', title: '' }, 'Please enter Title'],
        [{ name: 'shop_hint', type: 'select', content: '' }, 'Please enter at least one option (one key=value per line)'],
        [{ name: 'shop_hint', rule: 'required,exec' }, 'Unknown validation rule: exec'],
        [{ name: 'shop_hint', type: 'number', value: 'ten' }, 'T must be a number'],
      ];
      for (const [input, msg] of cases) {
        expect({ input, body: (await as(t, root).post(`${BASE}/add`, { ...base, ...input })).body }).toMatchObject({ input, body: { code: 0, msg } });
      }
      const zh = await http(t).post(`${BASE}/add`).set('batoken', root.token).set('think-lang', 'zh-cn').send({ ...base, name: 'site_name' });
      expect(zh.body.msg).toBe('已存在名为 site_name 的配置项');
      expect(await count()).toBe(before);
      const again = await as(t, root).post(`${BASE}/add`, { ...base, name: 'shop_hint' });
      expect(again.body.code).toBe(1);
      expect((await as(t, root).post(`${BASE}/add`, { ...base, name: 'shop_hint' })).body.msg).toBe('A configuration item named shop_hint already exists');
    });

    it('adds a password item that is secret from then on', async () => {
      const res = await as(t, root).post(`${BASE}/add`, { name: 'storage_key', group: 'upload', title: 'Storage key', type: 'password', value: 'k-123-secret' });
      expect(res.body).toMatchObject({ code: 1, data: { type: 'password', value: MASK } });
      expect(JSON.stringify(res.body)).not.toContain('k-123-secret');
      expect(await stored('storage_key')).toBe('k-123-secret');
      expect((await as(t, root).post(`${BASE}/edit`, { storage_key: MASK })).body.code).toBe(1);
      expect(await stored('storage_key')).toBe('k-123-secret');
      const [{ secret }] = await t.dataSource.query("SELECT secret FROM config WHERE name = 'storage_key'");
      expect(Number(secret)).toBe(1);
    });

    it('deletes added items only, by DELETE', async () => {
      const added = await as(t, root).post(`${BASE}/add`, { name: 'shop_hint', group: 'basics', title: 'Hint', type: 'string' });
      const builtin = (await itemOf('site_name'))!;
      expect((await as(t, root).del(`${BASE}/del?ids[]=${builtin.id}&ids[]=${added.body.data.id}`)).body).toMatchObject({ code: 0, msg: 'The built-in configuration item site_name cannot be deleted' });
      expect(await stored('shop_hint')).toBe('');
      expect((await as(t, root).post(`${BASE}/del?ids[]=${added.body.data.id}`)).body.code).toBe(0);
      expect((await as(t, root).del(`${BASE}/del?ids[]=${added.body.data.id}`)).body).toMatchObject({ code: 1, msg: 'The configuration item was deleted', data: { count: 1 } });
      expect(await stored('shop_hint')).toBeNull();
    });
  });

  describe('admin log', () => {
    it('records config changes with every secret masked, refused requests included', async () => {
      await as(t, root).post(`${BASE}/add`, { name: 'storage_key', group: 'upload', title: 'Storage key', type: 'password', value: 'k-123-secret' });
      await as(t, root).post(`${BASE}/edit`, { storage_key: 'k-456-secret', smtp_pass: 'p-789-secret', site_name: 'Logged' });
      await as(t, root).post(`${BASE}/edit`, { storage_key: 'k-000-secret', smtp_port: 'bad' });
      await as(t, root).post(`${BASE}/sendTestMail`, { testMail: 'x', smtp_pass: 'p-111-secret' });
      await createAdmin(t, 'clerk', ['dashboard']);
      await as(t, await login(t, 'clerk')).post(`${BASE}/edit`, { storage_key: 'k-222-secret' });
      // the controller segment is case-insensitive: so is the masking
      expect((await as(t, root).post('/admin/ROUTINE.config/edit', { storage_key: 'k-333-secret' })).body.code).toBe(1);
      const rows = await configLog(6);
      expect(rows).toHaveLength(6);
      const text = JSON.stringify(rows);
      for (const secret of ['k-123-secret', 'k-456-secret', 'p-789-secret', 'k-000-secret', 'p-111-secret', 'k-222-secret', 'k-333-secret']) expect(text).not.toContain(secret);
      expect(JSON.parse(rows[1].data)).toMatchObject({ storage_key: '***', smtp_pass: '***', site_name: 'Logged' });
      expect(JSON.parse(rows[0].data)).toMatchObject({ name: 'storage_key', value: '***' });
    });
  });

  describe('sendTestMail', () => {
    let mailbox: Mailbox;

    const FAILED = 'The test mail could not be sent. Check the mail settings; the reason is in the server log.';
    /** Shorter than the product's connection timeout, so the spec does not wait ten seconds per failure. */
    const FLOOR_MS = 400;
    let warnings: string[];
    let warn: jest.SpyInstance;
    const freePort = () =>
      new Promise<number>((resolve) => {
        const probe = createServer();
        probe.listen(0, '127.0.0.1', () => {
          const { port } = probe.address() as AddressInfo;
          probe.close(() => resolve(port));
        });
      });

    // the test servers are on loopback: the SMTP server of the settings is reached there only with the development setting
    const allowBefore = process.env.OUTBOUND_ALLOW_PRIVATE;
    beforeAll(async () => {
      process.env.OUTBOUND_ALLOW_PRIVATE = '1';
      mailbox = await new Mailbox().start();
      t.app.get(ConfigAdminService).testMailFailureFloorMs = FLOOR_MS;
    });
    afterAll(() => {
      process.env.OUTBOUND_ALLOW_PRIVATE = allowBefore;
      return mailbox.stop();
    });
    beforeEach(() => {
      mailbox.clear();
      delete process.env.SMTP_URL;
      warnings = [];
      warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation((message: unknown) => void warnings.push(String(message)));
    });
    afterEach(() => warn.mockRestore());

    const plain = () => ({ smtp_server: '127.0.0.1', smtp_port: String(mailbox.port), smtp_user: '', smtp_pass: '', smtp_verification: '', smtp_sender_mail: 'depot@example.com' });

    it('sends with the settings of the form, without saving them', async () => {
      await setStored('site_name', 'Depot North');
      const res = await as(t, root).post(`${BASE}/sendTestMail`, { ...plain(), testMail: 'Boss@Example.com' });
      expect(res.body).toMatchObject({ code: 1, msg: 'A test mail was sent to Boss@Example.com', data: { mail: 'Boss@Example.com' } });
      const mail = await mailbox.latest('boss@example.com');
      expect(mail.from).toBe('depot@example.com');
      expect(mail.subject).toBe('Depot North: test mail');
      expect(await stored('smtp_server')).toBe('');
    });

    it('takes what the form leaves out from the saved settings', async () => {
      for (const [name, value] of Object.entries(plain())) await setStored(name, value);
      expect((await as(t, root).post(`${BASE}/sendTestMail`, { testMail: 'saved@example.com' })).body.code).toBe(1);
      expect((await mailbox.latest('saved@example.com')).from).toBe('depot@example.com');
      const zh = await http(t).post(`${BASE}/sendTestMail`).set('batoken', root.token).set('think-lang', 'zh-cn').send({ testMail: 'zh@example.com' });
      expect(zh.body).toMatchObject({ code: 1, msg: '测试邮件已发送至 zh@example.com' });
      expect((await mailbox.latest('zh@example.com')).subject).toBe('仓库管理系统：测试邮件');
    });

    it('signs in with the saved password when the form sends the mask back', async () => {
      const logins: Array<{ username: string; password: string }> = [];
      const server = new SMTPServer({
        secure: false,
        allowInsecureAuth: true,
        disabledCommands: ['STARTTLS'],
        logger: false,
        onAuth(auth, _session, callback) {
          logins.push({ username: auth.username ?? '', password: auth.password ?? '' });
          if (auth.password === SECRET) return callback(null, { user: auth.username });
          return callback(new Error('Invalid username or password'));
        },
        onData(stream, _session, callback) {
          stream.resume();
          stream.on('end', () => callback());
        },
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
      const port = ((server as unknown as { server: { address(): AddressInfo } }).server.address() as AddressInfo).port;
      try {
        await setStored('smtp_pass', SECRET);
        const form = { ...plain(), smtp_port: String(port), smtp_user: 'mailer', smtp_pass: MASK, testMail: 'auth@example.com' };
        expect((await as(t, root).post(`${BASE}/sendTestMail`, form)).body.code).toBe(1);
        expect(logins).toEqual([{ username: 'mailer', password: SECRET }]);

        const refused = await as(t, root).post(`${BASE}/sendTestMail`, { ...form, smtp_pass: 'wrong-one' });
        expect(refused.body).toMatchObject({ code: 0, msg: FAILED, data: null });
        expect(JSON.stringify(refused.body)).not.toContain('wrong-one');
        // the detail goes to the server log, without the password in any form
        const line = warnings.find((w) => w.includes(`127.0.0.1:${port}`)) ?? '';
        expect(line).toContain('(auth)');
        for (const secret of ['wrong-one', Buffer.from('wrong-one').toString('base64'), Buffer.from('\0mailer\0wrong-one').toString('base64')]) expect(line).not.toContain(secret);
      } finally {
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
    });

    it('answers one failure, no sooner than the same least time, for a closed port and for a port that is open but not SMTP', async () => {
      const closed = await freePort();
      const notSmtp: Server = createServer((socket: Socket) => socket.end('SSH-2.0-OpenSSH_9.2\r\n'));
      await new Promise<void>((resolve) => notSmtp.listen(0, '127.0.0.1', () => resolve()));
      try {
        const answers: Array<{ body: unknown; took: number; port: number }> = [];
        // (a filtered or silent port fails after the connection timeout, which the floor is by default)
        for (const port of [closed, (notSmtp.address() as AddressInfo).port]) {
          const started = Date.now();
          const res = await as(t, root).post(`${BASE}/sendTestMail`, { ...plain(), smtp_port: String(port), testMail: 'scan@example.com' });
          answers.push({ body: res.body, took: Date.now() - started, port });
        }
        for (const answer of answers) {
          expect(answer.body).toEqual({ code: 0, msg: FAILED, time: expect.any(Number), data: null });
          // not a measurement of speed: the answer is held back to the floor whatever happened
          expect(answer.took).toBeGreaterThanOrEqual(FLOOR_MS);
        }
        // the log tells the operator what the answer does not
        expect(warnings.find((w) => w.includes(`:${closed} `))).toContain('(connection)');
      } finally {
        await new Promise((resolve) => notSmtp.close(resolve));
      }
    });

    it('answers a clean translated failure when the SMTP server cannot be reached', async () => {
      const closed = await new Promise<number>((resolve) => {
        const probe = createServer();
        probe.listen(0, '127.0.0.1', () => {
          const { port } = probe.address() as AddressInfo;
          probe.close(() => resolve(port));
        });
      });
      await setStored('smtp_pass', SECRET);
      const form = { ...plain(), smtp_port: String(closed), smtp_user: 'mailer', smtp_pass: MASK, testMail: 'nobody@example.com' };
      const res = await as(t, root).post(`${BASE}/sendTestMail`, form);
      expect(res.body).toMatchObject({ code: 0, msg: FAILED, data: null });
      const text = JSON.stringify(res.body);
      for (const leak of [SECRET, 'ECONNREFUSED', 'at ', 'Error:']) expect(text).not.toContain(leak);
      const zh = await http(t).post(`${BASE}/sendTestMail`).set('batoken', root.token).set('think-lang', 'zh-cn').send(form);
      expect(zh.body.msg).toBe('测试邮件发送失败。请检查邮件设置；具体原因见服务器日志。');
      for (const line of warnings) expect(line).not.toContain(SECRET);
    });

    it('reaches no SMTP server on loopback or a private network without OUTBOUND_ALLOW_PRIVATE, and says why in the log only', async () => {
      delete process.env.OUTBOUND_ALLOW_PRIVATE;
      try {
        for (const server of ['127.0.0.1', 'localhost', '::1', '10.0.0.25', '169.254.169.254']) {
          const res = await as(t, root).post(`${BASE}/sendTestMail`, { ...plain(), smtp_server: server, testMail: 'private@example.com' });
          expect({ server, body: res.body }).toMatchObject({ server, body: { code: 0, msg: FAILED, data: null } });
        }
        expect(mailbox.mails).toHaveLength(0);
        expect(warnings.filter((line) => line.includes('(refused-address)') && line.includes('outgoing call refused (private-address)'))).toHaveLength(5);
      } finally {
        process.env.OUTBOUND_ALLOW_PRIVATE = '1';
      }
    });

    it('asks for a recipient and for the settings it needs', async () => {
      expect((await as(t, root).post(`${BASE}/sendTestMail`, plain())).body).toMatchObject({ code: 0, msg: 'Please enter Test recipient' });
      expect((await as(t, root).post(`${BASE}/sendTestMail`, { ...plain(), testMail: 'nope' })).body).toMatchObject({ code: 0, msg: 'Test recipient is not a valid e-mail address' });
      expect((await as(t, root).post(`${BASE}/sendTestMail`, { testMail: 'a@example.com' })).body).toMatchObject({
        code: 0,
        msg: 'Please fill in the SMTP server, the port and the sender address first',
      });
      expect(mailbox.mails).toHaveLength(0);
    });
  });
});
