import sharp from 'sharp';
import { CacheRegistry } from '../../src/shared/cache/cache-registry';
import { TestApp } from '../setup/create-test-app';
import { as, createAdmin, http, login, Session } from '../support/api';
import { createMember, memberLogin } from '../support/member';
import { adminSpec } from '../support/admin-spec';

/**
 * The ajax helpers: `ajax/area` (China's divisions,
 * loaded by a migration), `ajax/getTablePk` and `ajax/getTableFieldList` (only the product's own tables,
 * labelled in the caller's language), `ajax/buildSuffixSvg` (a file icon) and `ajax/clearCache`.
 */
describe('ajax helpers', () => {
  let t: TestApp;
  let root: Session;

  const isSqlite = () => t.dataSource.options.type === 'better-sqlite3';
  const productTables = async (): Promise<string[]> => {
    const rows: Array<{ name: string }> = isSqlite()
      ? await t.dataSource.query(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`)
      : await t.dataSource.query('SELECT table_name AS name FROM information_schema.tables WHERE table_schema = DATABASE()');
    // the app's bookkeeping (migrations run, the site version) and the product search index's FTS5 tables
    // on SQLite are no product tables
    return rows
      .map((r) => r.name)
      .filter((name) => name !== 'migrations' && name !== 'cache_version' && !/^product_search(_|$)/.test(name))
      .sort();
  };

  adminSpec({ ready: (fixture) => ({ t, session: root } = fixture) });

  describe('ajax/area', () => {
    const area = (query: Record<string, string>, base = '/api/ajax/area') => http(t).get(base).query(query).set('think-lang', 'en');

    it('holds every province, city and district of the data package, each under an existing parent', async () => {
      const counts: Array<{ level: number; n: number | string }> = await t.dataSource.query('SELECT level, COUNT(*) AS n FROM area GROUP BY level ORDER BY level');
      expect(counts.map((c) => [Number(c.level), Number(c.n)])).toEqual([
        [1, 34],
        [2, 369],
        [3, 3479],
      ]);
      const orphans = await t.dataSource.query(
        'SELECT child.id FROM area child LEFT JOIN area parent ON parent.id = child.pid AND parent.level = child.level - 1 WHERE child.level > 1 AND parent.id IS NULL',
      );
      expect(orphans).toEqual([]);
      const [tianhe] = await t.dataSource.query('SELECT id, pid, level, name, mergename FROM area WHERE id = 440106');
      expect(tianhe).toMatchObject({ pid: 440100, name: '天河区', mergename: '广东省,广州市,天河区' });
      expect(Number(tianhe.level)).toBe(3);
    });

    it('lists the provinces, then a province’s cities, then a city’s districts (public on /api)', async () => {
      const provinces = await area({});
      expect(provinces.body.code).toBe(1);
      expect(provinces.body.data).toHaveLength(34);
      expect(provinces.body.data).toEqual(expect.arrayContaining([{ value: 110000, label: '北京市' }, { value: 440000, label: '广东省' }, { value: 810000, label: '香港特别行政区' }]));
      expect(provinces.headers['cache-control']).toContain('max-age');

      const beijing = await area({ province: '110000' });
      expect(beijing.body.data).toEqual([{ value: 110100, label: '北京市' }]);
      const beijingDistricts = await area({ province: '110000', city: '110100' });
      expect(beijingDistricts.body.data).toHaveLength(16);
      expect(beijingDistricts.body.data).toContainEqual({ value: 110105, label: '朝阳区' });

      const guangdong = await area({ province: '440000' });
      expect(guangdong.body.data).toHaveLength(21);
      expect(guangdong.body.data.slice(0, 3)).toEqual([
        { value: 440100, label: '广州市' },
        { value: 440200, label: '韶关市' },
        { value: 440300, label: '深圳市' },
      ]);
      expect(guangdong.body.data.every((o: { value: number }) => Math.floor(o.value / 10000) === 44)).toBe(true);

      const guangzhou = await area({ province: '440000', city: '440100' });
      expect(guangzhou.body.data.map((o: { label: string }) => o.label)).toEqual(['荔湾区', '越秀区', '海珠区', '天河区', '白云区', '黄埔区', '番禺区', '花都区', '南沙区', '从化区', '增城区']);
    });

    it('answers an empty list for a city of another province, and the provinces for empty parameters or a city alone', async () => {
      expect((await area({ province: '110000', city: '440100' })).body).toMatchObject({ code: 1, data: [] });
      expect((await area({ province: '999999' })).body).toMatchObject({ code: 1, data: [] });
      expect((await area({ province: '', city: '' })).body.data).toHaveLength(34);
      expect((await area({ city: '440100' })).body.data).toHaveLength(34);
      // the client's cache-busting uuid is accepted
      expect((await area({ province: '440000', uuid: 'f1c0e6b2' })).body.data).toHaveLength(21);
    });

    it('refuses codes that are not whole numbers, in the caller’s language', async () => {
      expect((await area({ province: 'abc' })).body).toMatchObject({ code: 0, msg: 'Province must be a whole number' });
      expect((await area({ province: "440000' OR '1'='1" })).body).toMatchObject({ code: 0, msg: 'Province must be a whole number' });
      expect((await area({ province: '440000', city: '-1' })).body).toMatchObject({ code: 0, msg: 'City must be a whole number' });
      const zh = await http(t).get('/api/ajax/area').query({ province: '1.5' }).set('think-lang', 'zh-cn');
      expect(zh.body).toMatchObject({ code: 0, msg: '省份须为整数' });
    });

    it('needs a signed-in admin on /admin (no rule), and nothing on /api', async () => {
      expect((await http(t).get('/admin/ajax/area').set('think-lang', 'en')).body).toMatchObject({ code: 302, data: { routePath: '/admin/login' } });
      await createAdmin(t, 'clerk', []);
      const clerk = await login(t, 'clerk');
      const res = await as(t, clerk).get('/admin/ajax/area?province=440000&city=440300');
      expect(res.body.code).toBe(1);
      expect(res.body.data).toContainEqual({ value: 440305, label: '南山区' });
      await createMember(t, { username: 'buyer1' });
      const member = await memberLogin(t, 'buyer1');
      expect((await http(t).get('/api/ajax/area').set('ba-user-token', member.token)).body.data).toHaveLength(34);
    });
  });

  describe('ajax/getTablePk and ajax/getTableFieldList', () => {
    const fieldList = (table: string, clean?: string, lang = 'en') =>
      http(t).get('/admin/ajax/getTableFieldList').query(clean === undefined ? { table } : { table, clean }).set('batoken', root.token).set('think-lang', lang);

    it('answers the primary key of the product’s tables', async () => {
      expect((await as(t, root).get('/admin/ajax/getTablePk?table=warehouse')).body).toMatchObject({ code: 1, data: { pk: 'id' } });
      expect((await as(t, root).get('/admin/ajax/getTablePk?table=captcha')).body.data).toEqual({ pk: 'key' });
      expect((await as(t, root).get('/admin/ajax/getTablePk?table=admin_group_access')).body.data).toEqual({ pk: ['uid', 'group_id'] });
      expect((await as(t, root).get('/admin/ajax/getTablePk?table=area')).body.data).toEqual({ pk: 'id' });
    });

    it('labels the fields in the caller’s language (clean=1, the default)', async () => {
      const en = await fieldList('warehouse', '1');
      expect(en.body).toMatchObject({ code: 1, data: { pk: 'id' } });
      expect(Object.keys(en.body.data.fieldList)).toEqual(['id', 'name', 'serial_no', 'address', 'city', 'responsible_person', 'mobile', 'status', 'weigh', 'remark', 'warehouse_type', 'createtime', 'updatetime', 'deletetime']);
      expect(en.body.data.fieldList).toMatchObject({ id: 'ID', name: 'Warehouse name', serial_no: 'Code', city: 'City', responsible_person: 'Person in charge', createtime: 'Created at' });
      const zh = await fieldList('warehouse', undefined, 'zh-cn');
      expect(zh.body.data.fieldList).toMatchObject({ name: '仓库名称', serial_no: '编号', city: '城市', responsible_person: '负责人', createtime: '创建时间' });
      expect((await fieldList('inbound_order', 'true')).body.data.fieldList).toMatchObject({ type: 'Inbound type', receipt_no: 'Receipt number', supplier_id: 'Supplier' });
    });

    it('gives every column of every product table a real label in both languages', async () => {
      const tables = await productTables();
      expect(tables).toEqual(expect.arrayContaining(['admin', 'area', 'attachment', 'config', 'inventory_event', 'product', 'stock', 'warehouse']));
      const unlabelled: string[] = [];
      for (const lang of ['en', 'zh-cn']) {
        for (const table of tables) {
          const res = await fieldList(table, '1', lang);
          if (res.body.code !== 1) {
            unlabelled.push(`${lang} ${table}: ${res.body.msg}`);
            continue;
          }
          for (const [column, label] of Object.entries(res.body.data.fieldList)) if (!label || label === column) unlabelled.push(`${lang} ${table}.${column}`);
        }
      }
      expect(unlabelled).toEqual([]);
    });

    it('describes the columns in full with clean=0', async () => {
      const res = await fieldList('warehouse', '0');
      expect(res.body.code).toBe(1);
      const { id, name, status, remark } = res.body.data.fieldList;
      expect(id).toMatchObject({ COLUMN_NAME: 'id', COLUMN_KEY: 'PRI', EXTRA: 'auto_increment', IS_NULLABLE: 'NO', ORDINAL_POSITION: 1, COLUMN_COMMENT: 'ID' });
      expect(name).toMatchObject({ COLUMN_NAME: 'name', DATA_TYPE: 'varchar', CHARACTER_MAXIMUM_LENGTH: 100, COLUMN_KEY: '', EXTRA: '', COLUMN_COMMENT: 'Warehouse name' });
      expect(status).toMatchObject({ COLUMN_NAME: 'status', COLUMN_COMMENT: 'Status' });
      expect(remark).toMatchObject({ COLUMN_COMMENT: 'Remark', CHARACTER_MAXIMUM_LENGTH: 255, COLUMN_DEFAULT: '' });
      expect(res.body.data.fieldList.deletetime).toMatchObject({ IS_NULLABLE: 'YES', COLUMN_DEFAULT: null });
      expect(status.COLUMN_DEFAULT).toBe('1');
      // clean=1 answers labels only
      const clean = await fieldList('warehouse', '1');
      expect(clean.body.data.fieldList.name).toBe('Warehouse name');
      expect(Object.keys(clean.body.data.fieldList)).toEqual(Object.keys(res.body.data.fieldList));
    });

    it('refuses tables outside the product and anything that is not a plain table name', async () => {
      const refused = [
        'mysql.user',
        'sqlite_master',
        'sqlite_sequence',
        'information_schema.tables',
        'information_schema.columns',
        'migrations',
        'performance_schema.users',
        "warehouse'; DROP TABLE warehouse; --",
        'warehouse` WHERE 1=1 --',
        '"warehouse"',
        'main.warehouse',
        'WAREHOUSE',
        'warehouse ',
        '__proto__',
        'constructor',
        'toString',
        'hasOwnProperty',
        'crud_test_parent',
        'x'.repeat(300),
      ];
      for (const table of refused) {
        const pk = await as(t, root).get(`/admin/ajax/getTablePk?table=${encodeURIComponent(table)}`);
        expect([table, pk.body]).toEqual([table, expect.objectContaining({ code: 0, msg: 'Data table does not exist', data: null })]);
        const fields = await fieldList(table, '0');
        expect([table, fields.body]).toEqual([table, expect.objectContaining({ code: 0, msg: 'Data table does not exist' })]);
      }
      expect((await fieldList('mysql.user', '1', 'zh-cn')).body).toMatchObject({ code: 0, msg: '数据表不存在' });
      expect((await as(t, root).get('/admin/ajax/getTablePk?table[]=warehouse')).body).toMatchObject({ code: 0, msg: 'Data table does not exist' });
      expect((await as(t, root).get('/admin/ajax/getTablePk')).body).toMatchObject({ code: 0, msg: 'Please enter Data table' });
      expect((await fieldList('warehouse', 'maybe')).body).toMatchObject({ code: 0, msg: 'Clean has an invalid value' });
      // nothing was dropped on the way
      expect(await productTables()).toContain('warehouse');
      expect((await as(t, root).get('/admin/ajax/getTablePk?table=warehouse')).body.data).toEqual({ pk: 'id' });
    });

    it('needs a signed-in admin but no rule, and has no member-side route', async () => {
      expect((await http(t).get('/admin/ajax/getTablePk?table=warehouse').set('think-lang', 'en')).body).toMatchObject({ code: 302 });
      expect((await http(t).get('/admin/ajax/getTableFieldList?table=warehouse')).body.code).toBe(302);
      await createAdmin(t, 'clerk', ['wms/product', 'wms/product/index']);
      const clerk = await login(t, 'clerk');
      expect((await as(t, clerk).get('/admin/ajax/getTableFieldList?table=product')).body).toMatchObject({ code: 1, data: { pk: 'id', fieldList: { product_no: 'Product code' } } });
      expect((await http(t).get('/api/ajax/getTablePk?table=warehouse')).status).toBe(404);
      expect((await http(t).get('/api/ajax/getTableFieldList?table=warehouse')).status).toBe(404);
    });
  });

  describe('ajax/buildSuffixSvg', () => {
    const svg = (query: Record<string, string>, base = '/api/ajax/buildSuffixSvg') => http(t).get(base).query(query).set('think-lang', 'en').buffer(true).parse((res, done) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => done(null, text));
    });
    const fillOf = (body: string) => /<path d="M5 0[^"]*" fill="([^"]+)"/.exec(body)?.[1];

    it('draws the suffix in capitals as a cacheable SVG that renders', async () => {
      const res = await svg({ suffix: 'xlsx' });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(res.headers['cache-control']).toMatch(/max-age=\d+/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.body).toContain('>XLSX</text>');
      const png = await sharp(Buffer.from(res.body)).png().toBuffer();
      expect((await sharp(png).metadata()).width).toBe(48);
      // revalidation answers 304
      expect(res.headers.etag).toBeTruthy();
      const again = await http(t).get('/api/ajax/buildSuffixSvg?suffix=xlsx').set('If-None-Match', res.headers.etag);
      expect(again.status).toBe(304);
    });

    it('keeps at most four characters, escapes them, and shows FILE for nothing', async () => {
      expect((await svg({ suffix: 'verylongsuffix' })).body).toContain('>VERY</text>');
      expect((await svg({ suffix: '.pdf' })).body).toContain('>PDF</text>');
      expect((await svg({})).body).toContain('>FILE</text>');
      expect((await svg({ suffix: ' \t\n' })).body).toContain('>FILE</text>');
      const hostile = await svg({ suffix: '"><script>alert(1)</script>' });
      expect(hostile.body).not.toContain('<script');
      expect(hostile.body).toContain('>&#34;&#62;&#60;S</text>');
      expect(hostile.body.match(/<text/g)).toHaveLength(1);
      await expect(sharp(Buffer.from(hostile.body)).png().toBuffer()).resolves.toBeInstanceOf(Buffer);
      const amp = await svg({ suffix: 'a&b' });
      expect(amp.body).toContain('>A&#38;B</text>');
      expect((await svg({ suffix: '文档文件x' })).body).toContain('>文档文件</text>');
    });

    it('colours a suffix the same way each time, or with a valid background given', async () => {
      const first = fillOf((await svg({ suffix: 'doc' })).body);
      expect(first).toMatch(/^rgb\(\d+,\d+,\d+\)$/);
      expect(fillOf((await svg({ suffix: 'DOC' })).body)).toBe(first);
      expect(fillOf((await svg({ suffix: 'zip' })).body)).not.toBe(first);
      expect(fillOf((await svg({ suffix: 'doc', background: '#1677FF' })).body)).toBe('#1677ff');
      expect(fillOf((await svg({ suffix: 'doc', background: '#abc' })).body)).toBe('#abc');
      expect(fillOf((await svg({ suffix: 'doc', background: 'rgb(22, 119, 255)' })).body)).toBe('rgb(22,119,255)');
      expect(fillOf((await svg({ suffix: 'doc', background: 'rgba(22,119,255,.5)' })).body)).toBe('rgba(22,119,255,0.5)');
    });

    it('refuses a background that is not a plain colour', async () => {
      for (const background of ['red', 'url(#x)', 'rgb(300,0,0)', '#12345', '#ggg', 'rgb(1,2)', 'rgba(1,2,3,2)', '"/><script>alert(1)</script>', 'expression(alert(1))', '#fff;stroke:red']) {
        const res = await svg({ suffix: 'txt', background });
        expect([background, res.headers['content-type'], JSON.parse(res.body)]).toEqual([
          background,
          expect.stringMatching(/^application\/json/),
          expect.objectContaining({ code: 0, msg: 'The background must be a colour such as #1677ff, rgb(22,119,255) or rgba(22,119,255,0.8)' }),
        ]);
      }
      const zh = await http(t).get('/api/ajax/buildSuffixSvg').query({ suffix: 'txt', background: 'blue' }).set('think-lang', 'zh-cn');
      expect(zh.body.msg).toContain('背景色格式不正确');
    });

    it('needs the admin token on /admin, which an <img> passes in the query string', async () => {
      const anonymous = await http(t).get('/admin/ajax/buildSuffixSvg?suffix=txt').set('think-lang', 'en');
      expect(anonymous.body).toMatchObject({ code: 302 });
      const res = await svg({ suffix: 'txt', batoken: root.token, server: '1' }, '/admin/ajax/buildSuffixSvg');
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(res.headers['cache-control']).toContain('private');
      expect(res.body).toContain('>TXT</text>');
    });
  });

  describe('ajax/clearCache', () => {
    const clear = (session: Session, body: object, lang = 'en') => http(t).post('/admin/ajax/clearCache').set('batoken', session.token).set('think-lang', lang).send(body);

    it('empties the registered caches of the named type, or all of them', async () => {
      const registry = t.app.get(CacheRegistry);
      const calls: string[] = [];
      const off = [registry.register('config', () => void calls.push('config')), registry.register('rules', async () => void calls.push('rules'))];
      try {
        expect((await clear(root, { type: 'config' })).body).toMatchObject({ code: 1, msg: 'Cache cleaned~', data: { types: ['config'] } });
        expect(calls).toEqual(['config']);
        calls.length = 0;
        expect((await clear(root, { type: 'rules' }, 'zh-cn')).body).toMatchObject({ code: 1, msg: '缓存清理成功~', data: { types: ['rules'] } });
        expect(calls).toEqual(['rules']);
        calls.length = 0;
        expect((await clear(root, { type: 'all' })).body.data.types).toEqual(['config', 'rules']);
        expect(calls.sort()).toEqual(['config', 'rules']);
        calls.length = 0;
        expect((await clear(root, { type: 'tp' })).body.code).toBe(1);
        expect(calls.sort()).toEqual(['config', 'rules']);
      } finally {
        off.forEach((unregister) => unregister());
      }
    });

    it('makes a changed setting visible afterwards', async () => {
      const site = async () => (await http(t).get('/api/index/index').set('think-lang', 'en')).body.data.site.siteName;
      expect(await site()).toBe('Warehouse Management System'); // the seeded name, in the reader's language
      await t.dataSource.query('UPDATE config SET value = ? WHERE name = ?', ['Depot North', 'site_name']);
      expect((await clear(root, { type: 'config' })).body.code).toBe(1);
      expect(await site()).toBe('Depot North');
    });

    it('refuses a missing or unknown type, and an anonymous caller', async () => {
      const registry = t.app.get(CacheRegistry);
      let calls = 0;
      const off = registry.register('config', () => void calls++);
      try {
        expect((await clear(root, { type: 'storage' })).body).toMatchObject({ code: 0, msg: 'Unknown cache type: use all, config or rules' });
        expect((await clear(root, { type: ['all'] })).body).toMatchObject({ code: 0, msg: 'Unknown cache type: use all, config or rules' });
        expect((await clear(root, { type: 'rules' }, 'zh-cn')).body.code).toBe(1);
        expect((await clear(root, {})).body).toMatchObject({ code: 0, msg: 'Please enter Type' });
        const anonymous = await http(t).post('/admin/ajax/clearCache').set('think-lang', 'en').send({ type: 'all' });
        expect(anonymous.body).toMatchObject({ code: 302, data: { routePath: '/admin/login' } });
        expect((await http(t).post('/api/ajax/clearCache').send({ type: 'all' })).status).toBe(404);
        expect(calls).toBe(0);
      } finally {
        off();
      }
    });

    it('needs no rule: any signed-in admin may clear', async () => {
      await createAdmin(t, 'clerk', []);
      const clerk = await login(t, 'clerk');
      expect((await clear(clerk, { type: 'all' })).body).toMatchObject({ code: 1, data: { types: ['config', 'rules'] } });
    });
  });
});
