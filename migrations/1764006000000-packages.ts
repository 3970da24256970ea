import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { col } from './columns';
import { ButtonTitles, LIST_BUTTONS, menuRuleNames, revokeRules, seedMenuRules, seedRule } from './menu-rules';

const PAGES = [{ name: 'wms/package', title: '打包台', title_en: 'Pack station', icon: 'IconGift', buttons: ['index', 'orders', 'order', 'add', 'pack', 'unpack', 'close', 'label'], weigh: 0 }] as const;

const BUTTONS: ButtonTitles = {
  ...LIST_BUTTONS,
  orders: ['待打包订单', 'Orders to pack'],
  order: ['查找订单', 'Find an order'],
  pack: ['装箱', 'Pack'],
  unpack: ['取出', 'Unpack'],
  close: ['封箱', 'Close'],
  label: ['打印箱标', 'Print label'],
};

/** The GS1 company prefix of the SSCCs (GS1's own example prefix until the site enters its own). */
const PREFIX_SETTING = { name: 'gs1_company_prefix', value: '0614141' };

/**
 * Packing: a package (`package`: a carton or pallet of one picked outbound order, with its 18-digit SSCC,
 * open or closed, its weight) and what it holds (`package_line`: product and quantity). The site setting
 * `gs1_company_prefix` (Basics) goes into every SSCC; the SSCC serials count in `order_number` (prefix `SSCC`).
 * The pack station page and its buttons, and the wave's `print` button (the pick sheet), go to the super
 * administrators (a fresh database gets them from the seed).
 */
export class Packages1764006000000 implements MigrationInterface {
  name = 'Packages1764006000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'package',
        columns: [
          col.id(),
          col.varchar('sscc', 18),
          col.ref('outbound_id'),
          col.tinyint('type', 1),
          col.tinyint('status'),
          { name: 'weight', type: 'decimal', precision: 10, scale: 2, default: "'0.00'" },
          col.ref('admin_id'),
          col.time('close_time'),
          ...col.timestamps(),
        ],
        indices: [new TableIndex({ name: 'uniq_package_sscc', columnNames: ['sscc'], isUnique: true }), new TableIndex({ name: 'idx_package_outbound', columnNames: ['outbound_id'] })],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'package_line',
        columns: [col.id(), col.ref('package_id'), col.ref('outbound_id'), col.ref('product_id'), col.int('quantity'), ...col.timestamps()],
        indices: [
          new TableIndex({ name: 'uniq_package_line_product', columnNames: ['package_id', 'product_id'], isUnique: true }),
          new TableIndex({ name: 'idx_package_line_outbound', columnNames: ['outbound_id', 'product_id'] }),
        ],
      }),
    );
    const [{ total }]: Array<{ total: number | string }> = await queryRunner.query('SELECT COUNT(*) AS total FROM config');
    if (Number(total) && !(await queryRunner.query('SELECT id FROM config WHERE name = ?', [PREFIX_SETTING.name])).length) {
      await queryRunner.query(
        // `group` is a keyword; SQLite accepts the MySQL quotes
        'INSERT INTO config (name, `group`, title, tip, type, value, content, rule, extend, allow_del, weigh, secret) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, 0)',
        [PREFIX_SETTING.name, 'basics', `platform.config.title.${PREFIX_SETTING.name}`, `platform.config.tip.${PREFIX_SETTING.name}`, 'string', PREFIX_SETTING.value, '', 'required', '', 0],
      );
    }
    const [operation]: Array<{ id: number | string }> = await queryRunner.query('SELECT id FROM admin_rule WHERE name = ?', ['wmsOperation']);
    if (operation) await seedMenuRules(queryRunner, Number(operation.id), PAGES, BUTTONS);
    const [wave]: Array<{ id: number | string }> = await queryRunner.query('SELECT id FROM admin_rule WHERE name = ?', ['wms/wave']);
    if (wave) await seedRule(queryRunner, { pid: Number(wave.id), type: 'button', name: 'wms/wave/print', title: '打印', title_en: 'Print', icon: '', weigh: 0 }, Math.floor(Date.now() / 1000));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await revokeRules(queryRunner, [...menuRuleNames(PAGES), 'wms/wave/print']);
    await queryRunner.query('DELETE FROM config WHERE name = ?', [PREFIX_SETTING.name]);
    await queryRunner.query("DELETE FROM order_number WHERE prefix = 'SSCC'");
    await queryRunner.dropTable('package_line');
    await queryRunner.dropTable('package');
  }
}
