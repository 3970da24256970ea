import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { col } from './columns';
import { ButtonTitles, LIST_BUTTONS, menuRuleNames, revokeRules, seedMenuRules } from './menu-rules';

const PAGES = [
  { name: 'module/module', title: '模块管理', title_en: 'Modules', icon: 'IconApps', buttons: ['index', 'enable', 'disable', 'install'], weigh: 0 },
  { name: 'crud/crud', title: 'CRUD 代码生成', title_en: 'CRUD generator', icon: 'IconCode', buttons: ['index', 'generate', 'remove'], weigh: 0 },
] as const;

const BUTTONS: ButtonTitles = {
  ...LIST_BUTTONS,
  enable: ['启用', 'Enable'],
  disable: ['禁用', 'Disable'],
  install: ['安装', 'Install'],
  generate: ['生成', 'Generate'],
  remove: ['删除生成的文件', 'Remove generated files'],
};

/**
 * Module management and the CRUD generator. `module_state` holds the state of each optional module that was
 * ever switched (a module without a row is enabled); `module_package` the modules installed from a signed
 * package (their manifest; no uploaded code is ever run); `crud_log` each generation of the CRUD generator
 * and the files it wrote. The two pages go under "Routine", granted to no group (super administrators only).
 */
export class ModulesAndCrudGenerator1764007000000 implements MigrationInterface {
  name = 'ModulesAndCrudGenerator1764007000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'module_state',
        columns: [{ name: 'name', type: 'varchar', length: '30', isPrimary: true }, col.tinyint('state', 1), col.time('updatetime')],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'module_package',
        columns: [
          col.id(),
          col.varchar('name', 30),
          col.varchar('title', 100),
          col.varchar('version', 30),
          // the manifest as signed (JSON): name, title, version, migrations, files
          col.text('manifest'),
          // sha256 hex of the package file as uploaded
          col.varchar('sha256', 64),
          // which trusted key signed it (the first 16 hex of the key's sha256)
          col.varchar('key_id', 16),
          col.ref('admin_id'),
          ...col.timestamps(),
        ],
        indices: [new TableIndex({ name: 'uniq_module_package_name', columnNames: ['name'], isUnique: true })],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'crud_log',
        columns: [
          col.id(),
          col.varchar('table_name', 64),
          col.varchar('title', 100),
          // the design as sent (JSON): fields and their options
          col.text('fields'),
          // the files written, relative to the project root (JSON array)
          col.text('files'),
          // 1 written, 0 removed
          col.tinyint('status', 1),
          col.ref('admin_id'),
          ...col.timestamps(),
        ],
      }),
    );
    const [routine]: Array<{ id: number | string }> = await queryRunner.query('SELECT id FROM admin_rule WHERE name = ?', ['routine']);
    if (routine) await seedMenuRules(queryRunner, Number(routine.id), PAGES, BUTTONS);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await revokeRules(queryRunner, menuRuleNames(PAGES));
    await queryRunner.dropTable('crud_log');
    await queryRunner.dropTable('module_package');
    await queryRunner.dropTable('module_state');
  }
}
