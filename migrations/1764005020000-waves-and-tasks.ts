import { MigrationInterface, QueryRunner, Table, TableColumn, TableIndex } from 'typeorm';
import { col } from './columns';
import { ButtonTitles, LIST_BUTTONS, menuRuleNames, revokeRules, seedMenuRules } from './menu-rules';

const PAGES = [
  { name: 'wms/wave', title: '波次', title_en: 'Waves', icon: 'IconSelectAll', buttons: ['index', 'add', 'edit', 'del', 'release', 'cancel'], weigh: 0 },
  { name: 'wms/task', title: '我的任务', title_en: 'My tasks', icon: 'IconMobile', buttons: ['index', 'claim', 'unclaim', 'next', 'confirm'], weigh: 0 },
] as const;

const BUTTONS: ButtonTitles = {
  ...LIST_BUTTONS,
  release: ['释放', 'Release'],
  cancel: ['取消', 'Cancel'],
  claim: ['领取', 'Claim'],
  unclaim: ['放回', 'Unclaim'],
  next: ['下一个任务', 'Next task'],
  confirm: ['确认', 'Confirm'],
};

/**
 * Waves and the task engine. A wave (`wave`, number `BC<yyyymmdd>-<nnnn>`) groups unaudited outbound orders
 * of one warehouse (`outbound_order.wave_id`: at most one open wave per order); its release creates pick
 * tasks. A task (`task`) is a planned move of one (product, lot) quantity from a shelf to a shelf, of a type
 * (1 pick, 2 putaway, 3 replenishment), claimed, confirmed by scan or closed short; a pick task's
 * `breakdown` (JSON `[{outbound_id, line_id, quantity}]`) says which order lines it serves. Order lines
 * count what was picked for them (`picked_quantity`) and what could not be found (`backorder_quantity`).
 * The pages and their buttons go to the super administrators (a fresh database gets them from the seed).
 */
export class WavesAndTasks1764005020000 implements MigrationInterface {
  name = 'WavesAndTasks1764005020000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'wave',
        columns: [
          col.id(),
          col.varchar('wave_no', 30),
          col.ref('warehouse_id'),
          col.tinyint('status'),
          col.varchar('remark', 255),
          col.ref('admin_id'),
          col.time('release_time'),
          ...col.timestamps(),
        ],
        indices: [new TableIndex({ name: 'uniq_wave_no', columnNames: ['wave_no'], isUnique: true }), new TableIndex({ name: 'idx_wave_status', columnNames: ['status'] })],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'task',
        columns: [
          col.id(),
          col.tinyint('type'),
          col.tinyint('status'),
          col.ref('wave_id'),
          col.ref('warehouse_id'),
          col.ref('from_shelf_id'),
          col.ref('to_shelf_id'),
          col.ref('product_id'),
          col.varchar('lot_no', 32),
          col.int('quantity'),
          col.int('done_quantity'),
          col.int('sequence'),
          col.ref('assignee_id'),
          col.text('breakdown'),
          col.time('claim_time'),
          col.time('done_time'),
          ...col.timestamps(),
        ],
        indices: [
          new TableIndex({ name: 'idx_task_wave_sequence', columnNames: ['wave_id', 'status', 'sequence'] }),
          new TableIndex({ name: 'idx_task_assignee', columnNames: ['assignee_id', 'status'] }),
        ],
      }),
    );
    await queryRunner.addColumn('outbound_order', new TableColumn(col.ref('wave_id')));
    await queryRunner.addColumns('outbound_order_line', [new TableColumn(col.int('picked_quantity')), new TableColumn(col.int('backorder_quantity'))]);
    const [operation]: Array<{ id: number | string }> = await queryRunner.query('SELECT id FROM admin_rule WHERE name = ?', ['wmsOperation']);
    if (operation) await seedMenuRules(queryRunner, Number(operation.id), PAGES, BUTTONS);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await revokeRules(queryRunner, menuRuleNames(PAGES));
    await queryRunner.dropColumn('outbound_order_line', 'backorder_quantity');
    await queryRunner.dropColumn('outbound_order_line', 'picked_quantity');
    await queryRunner.dropColumn('outbound_order', 'wave_id');
    await queryRunner.dropTable('task');
    await queryRunner.dropTable('wave');
  }
}
