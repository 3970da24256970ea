import { MigrationInterface, QueryRunner, Table, TableColumn, TableIndex } from 'typeorm';
import { col } from './columns';
import { ButtonTitles, LIST_BUTTONS, menuRuleNames, revokeRules, seedMenuRules, seedRule } from './menu-rules';

const CRUD = ['index', 'add', 'edit', 'del'] as const;

const PAGES = [
  { name: 'wms/putawayRule', title: '上架规则', title_en: 'Putaway rules', icon: 'IconDownload', buttons: CRUD, weigh: 0 },
  { name: 'wms/pickFace', title: '拣货位', title_en: 'Pick faces', icon: 'IconThunderbolt', buttons: CRUD, weigh: 0 },
  { name: 'wms/reorderRule', title: '补货建议', title_en: 'Reorder suggestions', icon: 'IconBulb', buttons: CRUD, weigh: 0 },
] as const;

/** Nodes beyond a page's own buttons: the suggestion, the replenishment run, the reorder list and drafts. */
const NODES = [
  { page: 'wms/putawayRule', name: 'wms/putaway/suggest', title: '上架建议', title_en: 'Suggest shelves' },
  { page: 'wms/pickFace', name: 'wms/replenishment/run', title: '运行补货', title_en: 'Run replenishment' },
  { page: 'wms/reorderRule', name: 'wms/reorder/index', title: '补货清单', title_en: 'Reorder list' },
  { page: 'wms/reorderRule', name: 'wms/reorder/draft', title: '生成采购草稿', title_en: 'Create draft orders' },
] as const;

const BUTTONS: ButtonTitles = { ...LIST_BUTTONS };

/**
 * Directed putaway, pick-face replenishment and reorder suggestions. A shelf holds at most `capacity` units
 * (0: unlimited) and mixes products by `mixing` (0 any, 1 one product, 2 one product and one lot). An inbound
 * order may name its warehouse (`warehouse_id`; its lines may then omit the shelf: they are received on the
 * dock and put away by tasks). Putaway rules (`putaway_rule`: for a product or a category, an area or listed
 * shelves, a priority), pick faces (`pick_face`: a shelf's min and max of a product) and reorder rules
 * (`reorder_rule`: a warehouse's min, max and order multiple of a product, and its supplier). The setting
 * `auto_replenish` (1: a pick that takes a face below its min replenishes it). The pages and their buttons
 * go to the super administrators (a fresh database gets them from the seed).
 */
export class PutawayReplenishmentReorder1764006200000 implements MigrationInterface {
  name = 'PutawayReplenishmentReorder1764006200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumns('warehouse_shelf', [new TableColumn(col.int('capacity')), new TableColumn(col.tinyint('mixing'))]);
    await queryRunner.addColumn('inbound_order', new TableColumn(col.ref('warehouse_id')));
    await queryRunner.createTable(
      new Table({
        name: 'putaway_rule',
        columns: [
          col.id(),
          col.ref('warehouse_id'),
          col.ref('product_id'),
          col.ref('category_id'),
          col.ref('warehouse_area_id'),
          col.varchar('shelf_ids', 1000),
          col.int('priority'),
          col.tinyint('status', 1),
          ...col.timestamps(),
        ],
        indices: [new TableIndex({ name: 'idx_putaway_rule_warehouse', columnNames: ['warehouse_id', 'status'] })],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'pick_face',
        columns: [col.id(), col.ref('warehouse_id'), col.ref('warehouse_shelf_id'), col.ref('product_id'), col.int('min'), col.int('max'), ...col.timestamps()],
        indices: [new TableIndex({ name: 'uniq_pick_face', columnNames: ['warehouse_shelf_id', 'product_id'], isUnique: true })],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'reorder_rule',
        columns: [col.id(), col.ref('warehouse_id'), col.ref('product_id'), col.int('min'), col.int('max'), col.int('multiple', { default: 1 }), col.ref('supplier_id'), ...col.timestamps()],
        indices: [new TableIndex({ name: 'uniq_reorder_rule', columnNames: ['warehouse_id', 'product_id'], isUnique: true })],
      }),
    );
    const [{ total }]: Array<{ total: number | string }> = await queryRunner.query('SELECT COUNT(*) AS total FROM config');
    if (Number(total) && !(await queryRunner.query('SELECT id FROM config WHERE name = ?', ['auto_replenish'])).length) {
      await queryRunner.query(
        'INSERT INTO config (name, `group`, title, tip, type, value, content, rule, extend, allow_del, weigh, secret) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, 0)',
        ['auto_replenish', 'basics', 'platform.config.title.auto_replenish', 'platform.config.tip.auto_replenish', 'number', '1', '', 'required,integer', '', 0],
      );
    }
    const [operation]: Array<{ id: number | string }> = await queryRunner.query('SELECT id FROM admin_rule WHERE name = ?', ['wmsOperation']);
    if (!operation) return;
    const now = Math.floor(Date.now() / 1000);
    await seedMenuRules(queryRunner, Number(operation.id), PAGES, BUTTONS, { now });
    for (const node of NODES) {
      const [page]: Array<{ id: number | string }> = await queryRunner.query('SELECT id FROM admin_rule WHERE name = ?', [node.page]);
      await seedRule(queryRunner, { pid: Number(page.id), type: 'button', name: node.name, title: node.title, title_en: node.title_en, icon: '', weigh: 0 }, now);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await revokeRules(queryRunner, [...NODES.map((n) => n.name), ...menuRuleNames(PAGES)]);
    await queryRunner.query('DELETE FROM config WHERE name = ?', ['auto_replenish']);
    await queryRunner.dropTable('reorder_rule');
    await queryRunner.dropTable('pick_face');
    await queryRunner.dropTable('putaway_rule');
    await queryRunner.dropColumn('inbound_order', 'warehouse_id');
    await queryRunner.dropColumn('warehouse_shelf', 'mixing');
    await queryRunner.dropColumn('warehouse_shelf', 'capacity');
  }
}
