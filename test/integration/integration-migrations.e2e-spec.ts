import { ApiTokens1764003300000 } from '../../migrations/1764003300000-api-tokens';
import { TestApp } from '../setup/create-test-app';
import { publicSpec } from '../support/public-spec';
import { withMigrationsTakenBack } from '../support/migrations';

type Row = Record<string, any>;
const RULES = ['auth/apiToken', 'auth/apiToken/index', 'auth/apiToken/add', 'auth/apiToken/edit', 'auth/apiToken/del', 'routine/webhook', 'routine/webhook/index', 'routine/webhook/add', 'routine/webhook/edit', 'routine/webhook/del', 'routine/webhook/test', 'routine/webhookDelivery', 'routine/webhookDelivery/index', 'routine/webhookDelivery/redeliver'];

describe('migrations: API tokens and webhooks, for databases seeded before them', () => {
  let t: TestApp;
  publicSpec({ reset: 'never', ready: (fixture) => ({ t } = fixture) });

  const rules = (): Promise<Row[]> =>
    t.dataSource.query(`SELECT r.name, r.type, r.title, r.title_en, r.component, p.name AS parent FROM admin_rule r JOIN admin_rule p ON p.id = r.pid WHERE r.name IN (${RULES.map(() => '?').join(',')}) ORDER BY r.name`, RULES);
  const tables = async (): Promise<string[]> => {
    const names: Row[] = t.dataSource.options.type === 'better-sqlite3' ? await t.dataSource.query("SELECT name FROM sqlite_master WHERE type = 'table'") : await t.dataSource.query('SELECT table_name AS name FROM information_schema.tables WHERE table_schema = DATABASE()');
    return names.map((r) => String(r.name)).filter((n) => n === 'api_token' || n.startsWith('webhook')).sort();
  };

  it('down removes the tables, columns and rules; up puts back what the seed writes', async () => {
    await t.reset();
    const seeded = await rules();
    expect(seeded.map((r) => r.name)).toEqual([...RULES].sort());
    expect(seeded.find((r) => r.name === 'auth/apiToken')).toMatchObject({ parent: 'auth', type: 'menu', component: '/src/pages/admin/auth/apiToken/index.tsx' });
    await withMigrationsTakenBack(t.dataSource, ApiTokens1764003300000, async (runner) => {
      expect(await tables()).toEqual([]);
      expect(await rules()).toEqual([]);
      expect((await runner.getTable('admin_log'))!.findColumnByName('api_token')).toBeUndefined();
    });
    expect(await tables()).toEqual(['api_token', 'webhook', 'webhook_delivery', 'webhook_lock', 'webhook_outbox']);
    expect(await rules()).toEqual(seeded);
    expect(await t.dataSource.query('SELECT name, version FROM webhook_lock')).toEqual([{ name: 'dispatch', version: 0 }]);
    // and the triggers of a later migration on webhook are back: a new webhook raises the site version
    const version = async () => Number((await t.dataSource.query("SELECT version FROM cache_version WHERE name = 'site'"))[0].version);
    const before = await version();
    await t.dataSource.query("INSERT INTO webhook (url, events, secret, status) VALUES ('https://erp.example.com/hook', 'stock.changed', 's', 1)");
    expect(await version()).toBeGreaterThan(before);
  });
});
