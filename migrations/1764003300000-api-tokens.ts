import { MigrationInterface, QueryRunner, Table, TableColumn, TableIndex } from 'typeorm';
import { col } from './columns';
import { LIST_BUTTONS, menuRuleNames, revokeRules, seedMenuRules } from './menu-rules';

const PAGES = [{ name: 'auth/apiToken', title: 'API 令牌', title_en: 'API tokens', icon: 'IconCode', buttons: ['index', 'add', 'edit', 'del'], weigh: 0 }] as const;

/**
 * API tokens (`auth.ApiToken`): a shop or an ERP signs its calls with `wms_…` on behalf of an admin, with a
 * subset of that admin's rules. Only the token's SHA-256 is kept. The admin log names the token a write came
 * with, and an `Idempotency-Key` sent with an `add` keeps the hash of the request it first came with, so the
 * same key with another body is refused. A database seeded before gets the page and its buttons (granted to
 * the super administrators only, who hold every rule); a fresh one gets them from the seed.
 */
export class ApiTokens1764003300000 implements MigrationInterface {
  name = 'ApiTokens1764003300000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'api_token',
        columns: [
          col.id(),
          col.varchar('name', 100),
          col.ref('admin_id'),
          // sha256 hex of the whole token; the token itself is answered once and never stored
          col.varchar('token_hash', 64),
          // the first characters of the token (`wms_AbCd`), so a list can tell tokens apart
          col.varchar('token_prefix', 12),
          // ids of admin rules, comma separated (a subset of the admin's rules when it was written)
          col.text('rules'),
          col.time('expire_time'),
          col.time('last_used_time'),
          col.varchar('last_used_ip', 50),
          col.tinyint('status', 1),
          ...col.timestamps(),
        ],
        indices: [new TableIndex({ name: 'uniq_api_token_hash', columnNames: ['token_hash'], isUnique: true }), new TableIndex({ name: 'idx_api_token_admin', columnNames: ['admin_id'] })],
      }),
    );
    await queryRunner.addColumn('admin_log', new TableColumn({ name: 'api_token', type: 'varchar', length: '100', default: "''" }));
    await queryRunner.addColumn('idempotency_key', new TableColumn({ name: 'request_hash', type: 'varchar', length: '64', default: "''" }));
    const [auth]: Array<{ id: number | string }> = await queryRunner.query('SELECT id FROM admin_rule WHERE name = ?', ['auth']);
    if (auth) await seedMenuRules(queryRunner, Number(auth.id), PAGES, LIST_BUTTONS);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await revokeRules(queryRunner, menuRuleNames(PAGES));
    await queryRunner.dropColumn('idempotency_key', 'request_hash');
    await queryRunner.dropColumn('admin_log', 'api_token');
    await queryRunner.dropTable('api_token');
  }
}
