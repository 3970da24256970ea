import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { as, createAdmin, http, login, Session } from '../support/api';
import { adminSpec } from '../support/admin-spec';
import { TestApp } from '../setup/create-test-app';
import { LIST_BUTTONS, seedMenuRules, seedRule } from '../../migrations/menu-rules';
import { unixNow } from '../../src/shared/http/envelope';

const CRUD = '/admin/crud.Crud';
const ROOT = join(__dirname, '..', '..');

/** A copy of the repository the generator writes into (node_modules linked): the worktree is never touched. */
function projectCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), 'wms-crud-gen-'));
  for (const part of ['src', 'migrations', 'contract', 'test/support', 'test/setup', 'web/src', 'web/tsconfig.json', 'tsconfig.json', 'tsconfig.jest.json', 'jest.config.js', 'package.json', 'ormconfig.ts', 'nest-cli.json']) {
    cpSync(join(ROOT, part), join(dir, part), { recursive: true });
  }
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return dir;
}

/** `tsc --noEmit` with a project's options over these files and what they import; throws with the errors. */
function typeCheck(dir: string, tsconfig: string, files: string[]): void {
  expect(files.length).toBeGreaterThan(0);
  writeFileSync(join(dir, 'tsconfig.generated.json'), JSON.stringify({ extends: `./${tsconfig}`, include: [], files }));
  const tsc = join(ROOT, 'node_modules', '.bin', 'tsc');
  try {
    execFileSync(tsc, ['-p', join(dir, 'tsconfig.generated.json'), '--noEmit'], { cwd: dir, stdio: 'pipe', encoding: 'utf8' });
  } catch (error) {
    throw new Error(`type check failed in ${dir}:\n${(error as { stdout?: string }).stdout ?? error}`);
  }
}

/** Every kind of field the generator knows, a relation to brands among them. */
const DESIGN = {
  table: 'shipping_rate',
  title: 'Shipping rates',
  fields: [
    { name: 'name', type: 'string', comment: 'Rate name', form: 'input', list: true, search: true, required: true },
    { name: 'note', type: 'text', comment: 'Note "quoted" */ `tick`', form: 'textarea', list: false },
    { name: 'zone_count', type: 'int', comment: 'Zones', form: 'number', required: true, search: true },
    { name: 'amount', type: 'decimal', comment: 'Amount', form: 'number' },
    { name: 'active', type: 'switch', comment: 'Active', form: 'switch', search: true },
    { name: 'kind', type: 'select', comment: 'Kind', form: 'select', options: { 1: 'Flat', 2: 'By weight' } },
    { name: 'valid_until', type: 'datetime', comment: 'Valid until', form: 'datetime' },
    { name: 'logo', type: 'image', comment: 'Logo', form: 'image' },
    { name: 'brand_id', type: 'relation', comment: 'Brand', form: 'remoteSelect', relation: { table: 'brand' } },
  ],
};

describe('the CRUD generator (crud.Crud)', () => {
  let t: TestApp;
  let session: Session;
  let copy: string;
  const saved = { on: process.env.CRUD_GENERATOR, root: process.env.CRUD_GENERATOR_ROOT };

  beforeAll(() => {
    copy = projectCopy();
    process.env.CRUD_GENERATOR_ROOT = copy;
    process.env.CRUD_GENERATOR = '1';
  });
  afterAll(() => {
    rmSync(copy, { recursive: true, force: true });
    for (const [key, value] of [['CRUD_GENERATOR', saved.on], ['CRUD_GENERATOR_ROOT', saved.root]] as const) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  });

  adminSpec({ ready: (f) => ((t = f.t), (session = f.session)) });
  const admin = () => as(t, session);
  const indexFiles = () => [readFileSync(join(copy, 'src/modules/generated/generated-index.ts'), 'utf8'), readFileSync(join(copy, 'migrations/index.ts'), 'utf8')];

  it('is refused outside development mode and to anyone but a super administrator, translated', async () => {
    expect((await http(t).post(`${CRUD}/generate`).send(DESIGN)).body.code).toBe(302);
    process.env.CRUD_GENERATOR = '0';
    try {
      expect((await admin().post(`${CRUD}/generate`, DESIGN)).body).toMatchObject({ code: 0, msg: 'The CRUD generator is off: it runs only in development, with CRUD_GENERATOR=1' });
      const zh = await http(t).get(`${CRUD}/index`).set('batoken', session.token).set('think-lang', 'zh-cn');
      expect(zh.body).toMatchObject({ code: 0, msg: 'CRUD 代码生成器未开启：仅在开发环境设置 CRUD_GENERATOR=1 时可用' });
    } finally {
      process.env.CRUD_GENERATOR = '1';
    }
    await createAdmin(t, 'builder', ['routine', 'crud/crud', 'crud/crud/index', 'crud/crud/generate', 'crud/crud/remove']);
    const builder = await login(t, 'builder');
    expect((await as(t, builder).post(`${CRUD}/generate`, DESIGN)).body).toMatchObject({ code: 401, msg: 'Only a super administrator may use the CRUD generator' });
    expect(existsSync(join(copy, 'src/modules/generated/shipping-rate'))).toBe(false);
  });

  it('refuses unsafe or reserved identifiers and bad fields, writing nothing', async () => {
    const before = indexFiles();
    const field = DESIGN.fields[0];
    const cases: Array<[object, string]> = [
      [{ ...DESIGN, table: 'select' }, 'The table name "select" is a reserved word: choose another'],
      [{ ...DESIGN, table: '../../etc' }, 'The table name "../../etc" must be 2 to 40 characters of lower-case letters, digits and single underscores, starting with a letter'],
      [{ ...DESIGN, table: 'rate; DROP TABLE admin' }, 'must be 2 to 40 characters'],
      [{ ...DESIGN, table: 'ShippingRate' }, 'must be 2 to 40 characters'],
      [{ ...DESIGN, fields: [{ ...field, name: 'id' }] }, 'id is added to every table by itself: choose another field name'],
      [{ ...DESIGN, fields: [{ ...field, name: 'class' }] }, 'The field name "class" is a reserved word: choose another'],
      [{ ...DESIGN, fields: [field, field] }, 'The field name appears twice'.replace('name ', 'name ')],
      [{ ...DESIGN, fields: [{ ...field, type: 'blob' }] }, 'Field 1: its type is not valid'],
      [{ ...DESIGN, fields: [{ ...field, type: 'relation', form: 'remoteSelect', relation: { table: 'admin_rule' } }] }, 'A relation must point at one of:'],
      [{ ...DESIGN, fields: [] }, 'Add at least one field'],
      [{ ...DESIGN, title: 'two\nlines' }, 'The title must be 1 to 50 characters on one line'],
      [{ ...DESIGN, table: 'brand' }, 'The table brand exists already'],
    ];
    for (const [design, message] of cases) {
      const res = await admin().post(`${CRUD}/generate`, design);
      expect(res.body.code).toBe(0);
      if (message === 'The field name appears twice') expect(res.body.msg).toBe('The field name appears twice');
      else expect(res.body.msg).toContain(message);
    }
    expect(indexFiles()).toEqual(before);
    expect(await t.dataSource.query('SELECT id FROM crud_log')).toHaveLength(0);
  });

  it('reads an existing table through the query runner (from_table) and previews without writing', async () => {
    const before = indexFiles();
    const res = await admin().post(`${CRUD}/generate`, { from_table: 'brand', preview: 1 });
    expect(res.body).toMatchObject({ code: 1, msg: 'Preview: nothing was written', data: { id: 0 } });
    expect(res.body.data.design).toMatchObject({ table: 'brand', existing: true });
    expect(res.body.data.design.fields.map((f: { name: string }) => f.name)).toEqual(['name', 'image', 'introduce', 'weigh']);
    expect(res.body.data.files.find((f: { path: string }) => f.path.startsWith('migrations/1')).diff).toContain('only its page and menu rule are added');
    expect((await admin().post(`${CRUD}/generate`, { from_table: 'no_such_table' })).body.msg).toBe('There is no table no_such_table to start from');
    expect(indexFiles()).toEqual(before);
  });

  it('writes a page whose code type-checks and whose generated API spec passes; remove takes it back (never with rows)', async () => {
    const [indexBefore, migrationsBefore] = indexFiles();
    const res = await admin().post(`${CRUD}/generate`, DESIGN);
    expect(res.body).toMatchObject({ code: 1, msg: 'Files written' });
    const paths: string[] = res.body.data.files.map((f: { path: string }) => f.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'src/modules/generated/shipping-rate/shipping-rate.crud.ts',
        'src/modules/generated/shipping-rate/shipping-rate.controller.ts',
        'web/src/pages/admin/generated/shippingRate/index.tsx',
        'web/src/lang/en/pages/generated/shippingRate.json',
        'web/src/lang/zh-cn/pages/generated/shippingRate.json',
        'test/generated/shipping-rate.e2e-spec.ts',
        'src/modules/generated/generated-index.ts',
        'migrations/index.ts',
      ]),
    );
    expect(paths.some((p) => /^migrations\/\d{13}-generated-shipping-rate\.ts$/.test(p))).toBe(true);
    for (const path of paths) expect(existsSync(join(copy, path))).toBe(true);
    const indexDiff = res.body.data.files.find((f: { path: string }) => f.path === 'src/modules/generated/generated-index.ts').diff;
    expect(indexDiff).toContain("+import { shippingRateArea } from './shipping-rate';");
    // the comment's quotes, comment end and backticks reach the code only as a JSON string
    expect(readFileSync(join(copy, 'web/src/lang/en/pages/generated/shippingRate.json'), 'utf8')).toContain('"note": "Note \\"quoted\\" */ `tick`"');
    const listed = await admin().get(`${CRUD}/index`);
    expect(listed.body.data.list[0]).toMatchObject({ table_name: 'shipping_rate', title: 'Shipping rates', status: 1 });
    expect((await admin().post(`${CRUD}/generate`, DESIGN)).body.msg).toBe('shipping_rate was generated already: remove that generation first');

    // the project's own type checks, server and web (their compiler options), over the generated files and
    // everything they import — not over the whole project again, which `npm run typecheck` does
    typeCheck(copy, 'tsconfig.json', paths.filter((p) => !p.startsWith('web/') && p.endsWith('.ts')));
    typeCheck(join(copy, 'web'), 'tsconfig.json', [...paths.filter((p) => p.startsWith('web/') && p.endsWith('.tsx')).map((p) => p.slice('web/'.length)), 'src/types/arco-icon-deep.d.ts']);
    // the generated API spec, run by jest in the copy against a database of its own
    const env: NodeJS.ProcessEnv = { ...process.env };
    for (const key of ['JEST_WORKER_ID', 'TEST_DATA_DIR_SET', 'DATA_DIR', 'TEST_DB_BASE', 'CRUD_GENERATOR', 'CRUD_GENERATOR_ROOT']) delete env[key];
    if (env.DB_URL) {
      env.DB_URL = env.DB_URL.replace(/\/([^/?]+)(\?|$)/, '/$1_gen$2');
      // databases a stopped run left behind (with the generated table in them) are not this run's
      const base = /\/([^/?]+)(\?|$)/.exec(env.DB_URL)![1];
      for (const { name } of await t.dataSource.query('SELECT schema_name AS name FROM information_schema.schemata WHERE schema_name LIKE ?', [`${base}%`])) await t.dataSource.query(`DROP DATABASE \`${name}\``);
    }
    const jest = join(copy, 'node_modules', '.bin', 'jest');
    // a failed run must fail this test, not keep it waiting: --forceExit and a time limit
    const run = execFileSync(jest, ['--runInBand', '--ci', '--forceExit', 'test/generated/shipping-rate.e2e-spec.ts'], { cwd: copy, env, stdio: 'pipe', encoding: 'utf8', timeout: 300_000 });
    expect(run).toBeDefined();

    // remove: refused while the table holds rows (here the table is made as its migration would)
    await t.dataSource.query('CREATE TABLE shipping_rate (id INTEGER PRIMARY KEY, name VARCHAR(255))');
    await t.dataSource.query("INSERT INTO shipping_rate (id, name) VALUES (1, 'x')");
    const id = res.body.data.id;
    expect((await admin().post(`${CRUD}/remove`, { id })).body).toMatchObject({ code: 0, msg: 'The table shipping_rate holds 1 rows: its generated files are not removed' });
    expect(existsSync(join(copy, 'web/src/pages/admin/generated/shippingRate/index.tsx'))).toBe(true);
    await t.dataSource.query('DELETE FROM shipping_rate');
    // the menu rules the generated migration gives a site when it starts (the copy's database is its own)
    const rulesRunner = t.dataSource.createQueryRunner();
    const folder = await seedRule(rulesRunner, { pid: 0, type: 'menu_dir', name: 'generated', title: '生成的页面', title_en: 'Generated pages', icon: 'IconCode', weigh: 0 }, unixNow());
    await seedMenuRules(rulesRunner, folder, [{ name: 'generated/shippingRate', title: 'Shipping rates', title_en: 'Shipping rates', icon: 'IconFile', buttons: ['index', 'add', 'edit', 'del'], weigh: 0 }], LIST_BUTTONS, { now: unixNow() });
    await rulesRunner.release();
    expect(await t.dataSource.query("SELECT name FROM admin_rule WHERE name LIKE 'generated%'")).toHaveLength(6);
    expect((await admin().post(`${CRUD}/remove`, { id })).body).toMatchObject({ code: 1, msg: 'The generated files were removed' });
    for (const path of paths.filter((p) => !p.endsWith('index.ts') || p.includes('shipping-rate'))) expect(existsSync(join(copy, path))).toBe(false);
    expect(indexFiles()).toEqual([indexBefore, migrationsBefore]);
    expect(await t.dataSource.query("SELECT name FROM admin_rule WHERE name LIKE 'generated/shippingRate%'")).toHaveLength(0);
    // the generated pages' folder, empty now, is gone too (the copy's start had made it)
    expect(await t.dataSource.query("SELECT name FROM admin_rule WHERE name = 'generated'")).toHaveLength(0);
    const runner = t.dataSource.createQueryRunner();
    expect(await runner.hasTable('shipping_rate')).toBe(false);
    await runner.release();
    expect((await admin().get(`${CRUD}/index`)).body.data.list[0].status).toBe(0);
    expect((await admin().post(`${CRUD}/remove`, { id })).body.msg).toBe('That generation was removed already');
  }, 900_000);
});
