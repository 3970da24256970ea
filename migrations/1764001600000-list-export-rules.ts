import { MigrationInterface, QueryRunner } from 'typeorm';
import { grantWith, revokeRules, seedRule } from './menu-rules';

/** The lists that gained an export, by their menu rule; `<menu>/export` is granted with `<menu>/index`. */
const MENUS = [
  'wms/inbound',
  'wms/outbound',
  'wms/relocation',
  'wms/stocktake',
  'wms/adjustment',
  'auth/adminLog',
  'user/user',
  'user/moneyLog',
  'user/scoreLog',
  'security/dataRecycleLog',
  'security/sensitiveDataLog',
];

/**
 * For databases seeded before the order lists, the admin log, the member lists and the safety logs could be
 * exported: adds their `export` button rules and grants each to the groups that may see the list (whoever
 * may read a list may take it away as a file). A fresh database has no rules yet here: the seed writes them.
 */
export class ListExportRules1764001600000 implements MigrationInterface {
  name = 'ListExportRules1764001600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const now = Math.floor(Date.now() / 1000);
    for (const menu of MENUS) {
      const [parent]: Array<{ id: number | string }> = await queryRunner.query('SELECT id FROM admin_rule WHERE name = ?', [menu]);
      if (!parent) continue;
      await seedRule(queryRunner, { pid: Number(parent.id), type: 'button', name: `${menu}/export`, title: '导出', title_en: 'Export', icon: '', weigh: 0 }, now);
      await grantWith(queryRunner, `${menu}/export`, [`${menu}/index`]);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await revokeRules(
      queryRunner,
      MENUS.map((menu) => `${menu}/export`),
    );
  }
}
