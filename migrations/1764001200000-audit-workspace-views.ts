import { MigrationInterface, QueryRunner, TableIndex } from 'typeorm';
import { ButtonTitles, grantWith, MenuPage, menuRuleNames, revokeRules, seedMenuRules } from './menu-rules';

type RuleRow = { id: number | string; name: string };

/** Frozen copy of the seed's pages (migrations never change with the code that follows them). */
const PAGES: MenuPage[] = [
  { name: 'audit/trace', title: '变动追溯', title_en: 'Movement trace', icon: 'IconBranch', buttons: ['index', 'export', 'order'] },
  { name: 'audit/stock', title: '历史库存', title_en: 'Stock as of a date', icon: 'IconCalendar', buttons: ['index', 'export'] },
  { name: 'audit/variance', title: '盘点与调整差异', title_en: 'Count and adjustment variances', icon: 'IconInteraction', buttons: ['index', 'export'] },
];
const BUTTONS: ButtonTitles = { index: ['查看', 'View'], export: ['导出', 'Export'], order: ['单据快照', 'Order as audited'] };

/** The product, warehouse and shelf lists the trace's pickers and the filters read (read only). */
const PICKERS = ['wms/product/index', 'wms/warehouse/index', 'wms/shelf/index'];

/**
 * The auditor's workspace views (movement trace, stock as of a date, count and adjustment variances): an
 * index that reads a product's history in ledger order, and — for databases seeded before — their menus and
 * read-only rules, granted to every group that holds the ledger page's `audit/ledger/index` (the seeded
 * Auditor group among them) together with the product, warehouse and shelf lists their pickers read. Super
 * administrators hold every rule (`*`). A fresh database has no rules yet here: the seed writes them.
 * Constant SQL with bound parameters. `down` removes the views' rules and the index; the picker grants stay
 * (a group may have held them before).
 */
export class AuditWorkspaceViews1764001200000 implements MigrationInterface {
  name = 'AuditWorkspaceViews1764001200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // the trace reads a product's movements in ledger order and sums them before a page
    await queryRunner.createIndex('inventory_history', new TableIndex({ name: 'idx_history_product_event', columnNames: ['product_id', 'event_id'] }));
    const [{ n }] = await queryRunner.query('SELECT COUNT(*) AS n FROM admin_rule');
    if (!Number(n)) return;
    const [audit]: RuleRow[] = await queryRunner.query("SELECT id, name FROM admin_rule WHERE name = 'audit'");
    const [existing] = await queryRunner.query("SELECT id FROM admin_rule WHERE name = 'audit/trace'");
    if (!audit || existing) return;
    await seedMenuRules(queryRunner, Number(audit.id), PAGES.map((page) => ({ ...page, weigh: 0 })), BUTTONS);
    for (const name of [...menuRuleNames(PAGES), ...PICKERS]) await grantWith(queryRunner, name, ['audit/ledger/index']);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await revokeRules(queryRunner, menuRuleNames(PAGES));
    await queryRunner.dropIndex('inventory_history', 'idx_history_product_event');
  }
}
