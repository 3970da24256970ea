import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { insertDefaultRules } from './support/security-rules';
import { col } from './columns';
import { LIST_BUTTONS, seedMenuRules, seedRule, type ButtonTitles } from './menu-rules';

type IdRow = { id: number | string };

const MENUS = {
  security: { title: '数据安全管理', title_en: 'Data security', icon: 'IconSafe' },
  pages: [
    { name: 'security/dataRecycleLog', title: '数据回收站', title_en: 'Recycle bin', icon: 'IconDelete', buttons: ['index', 'info', 'restore', 'del'] },
    { name: 'security/sensitiveDataLog', title: '敏感数据修改记录', title_en: 'Sensitive data log', icon: 'IconEye', buttons: ['index', 'info', 'rollback', 'del'] },
    { name: 'security/dataRecycle', title: '数据回收规则', title_en: 'Recycle rules', icon: 'IconSettings', buttons: ['index', 'add', 'edit', 'del'] },
    { name: 'security/sensitiveData', title: '敏感字段规则', title_en: 'Sensitive field rules', icon: 'IconLock', buttons: ['index', 'add', 'edit', 'del'] },
  ],
  backup: { name: 'routine/backup', title: '数据备份', title_en: 'Database backup', icon: 'IconCloudDownload', buttons: ['index', 'add', 'download', 'del'] },
};

const BUTTONS: ButtonTitles = {
  ...LIST_BUTTONS,
  restore: ['还原', 'Restore'],
  rollback: ['回滚', 'Roll back'],
  download: ['下载', 'Download'],
  info: ['详情', 'Details'],
};

/**
 * The safety tools: recycle rules and the recycle bin, sensitive-field rules and their change log, and the
 * list of database backups. Databases seeded before them also get their menus (granted to the super
 * administrators only, who hold every rule) and the default rules; a fresh database gets both from the seed.
 */
export class SafetyTools1764000400000 implements MigrationInterface {
  name = 'SafetyTools1764000400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const longText = queryRunner.connection.options.type === 'mysql' ? 'mediumtext' : 'text';
    const ruleColumns = [col.id(), col.varchar('name', 100), col.varchar('controller', 100), col.varchar('data_table', 64), col.varchar('primary_key', 30, { default: "'id'" })];
    await queryRunner.createTable(
      new Table({
        name: 'security_data_recycle',
        columns: [...ruleColumns, col.tinyint('status', 1), ...col.timestamps()],
        indices: [new TableIndex({ name: 'idx_security_data_recycle_table', columnNames: ['data_table'] })],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'security_data_recycle_log',
        columns: [
          col.id(),
          col.ref('admin_id'),
          col.ref('recycle_id'),
          col.text('data', { type: longText }),
          col.varchar('data_table', 64),
          col.varchar('primary_key', 30, { default: "'id'" }),
          col.varchar('id_value', 30),
          col.tinyint('is_restore'),
          col.varchar('ip', 50),
          col.varchar('useragent', 255),
          col.time('createtime'),
        ],
        indices: [new TableIndex({ name: 'idx_security_data_recycle_log_table', columnNames: ['data_table', 'id_value'] })],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'security_sensitive_data',
        columns: [...ruleColumns, col.text('data_fields'), col.tinyint('status', 1), ...col.timestamps()],
        indices: [new TableIndex({ name: 'idx_security_sensitive_data_table', columnNames: ['data_table'] })],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'security_sensitive_data_log',
        columns: [
          col.id(),
          col.ref('admin_id'),
          col.ref('sensitive_id'),
          col.varchar('data_table', 64),
          col.varchar('primary_key', 30, { default: "'id'" }),
          col.varchar('data_field', 64),
          col.varchar('data_comment', 100),
          col.varchar('id_value', 30),
          col.text('before'),
          col.text('after'),
          // 1: a secret (password) changed; neither value is kept
          col.tinyint('changed_only'),
          col.tinyint('is_rollback'),
          col.varchar('ip', 50),
          col.varchar('useragent', 255),
          col.time('createtime'),
        ],
        indices: [new TableIndex({ name: 'idx_security_sensitive_data_log_row', columnNames: ['data_table', 'id_value', 'data_field'] })],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'backup',
        columns: [
          col.id(),
          col.varchar('name', 120),
          col.varchar('engine', 10),
          { name: 'size', type: 'bigint', default: 0 },
          col.varchar('checksum', 64),
          // 0 running, 1 done, 2 failed
          col.tinyint('status'),
          col.varchar('error', 255),
          col.ref('admin_id'),
          ...col.timestamps(),
        ],
        indices: [new TableIndex({ name: 'uniq_backup_name', columnNames: ['name'], isUnique: true })],
      }),
    );
    if (Number((await queryRunner.query('SELECT COUNT(*) AS n FROM admin_rule'))[0].n) > 0) await addSafetyMenus(queryRunner);
    if (Number((await queryRunner.query('SELECT COUNT(*) AS n FROM admin'))[0].n) > 0) await insertDefaultRules(queryRunner);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['backup', 'security_sensitive_data_log', 'security_sensitive_data', 'security_data_recycle_log', 'security_data_recycle']) await queryRunner.dropTable(table);
    await queryRunner.query("DELETE FROM admin_rule WHERE name = 'security' OR name LIKE 'security/%' OR name LIKE 'routine/backup%'");
  }
}

/** The safety menus and their buttons where they are missing (a database seeded before them). */
export async function addSafetyMenus(queryRunner: Pick<QueryRunner, 'query'>): Promise<void> {
  const now = Math.floor(Date.now() / 1000);
  const [{ weigh }]: Array<{ weigh: number | string | null }> = await queryRunner.query('SELECT MIN(weigh) AS weigh FROM admin_rule WHERE pid = 0');
  const dir = await seedRule(queryRunner, { pid: 0, type: 'menu_dir', name: 'security', ...MENUS.security, weigh: Number(weigh ?? 1) - 1 }, now);
  await seedMenuRules(queryRunner, dir, MENUS.pages.map((page, i) => ({ ...page, weigh: MENUS.pages.length - i })), BUTTONS, { now });
  const [routine]: IdRow[] = await queryRunner.query('SELECT id FROM admin_rule WHERE name = ?', ['routine']);
  await seedMenuRules(queryRunner, routine ? Number(routine.id) : 0, [{ ...MENUS.backup, weigh: 0 }], BUTTONS, { now });
}
