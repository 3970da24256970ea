import { MigrationInterface, QueryRunner, TableIndex } from 'typeorm';

type RuleRow = { id: number | string; name: string; weigh?: number | string };

/** Frozen copy of the seed's pages (migrations never change with the code that follows them). */
const PAGES: Array<{ name: string; title: string; titleEn: string; icon: string; buttons: Array<[string, string, string]> }> = [
  {
    name: 'audit/trace',
    title: '变动追溯',
    titleEn: 'Movement trace',
    icon: 'IconBranch',
    buttons: [
      ['audit/trace/index', '查看', 'View'],
      ['audit/trace/export', '导出', 'Export'],
      ['audit/trace/order', '单据快照', 'Order as audited'],
    ],
  },
  {
    name: 'audit/stock',
    title: '历史库存',
    titleEn: 'Stock as of a date',
    icon: 'IconCalendar',
    buttons: [
      ['audit/stock/index', '查看', 'View'],
      ['audit/stock/export', '导出', 'Export'],
    ],
  },
  {
    name: 'audit/variance',
    title: '盘点与调整差异',
    titleEn: 'Count and adjustment variances',
    icon: 'IconInteraction',
    buttons: [
      ['audit/variance/index', '查看', 'View'],
      ['audit/variance/export', '导出', 'Export'],
    ],
  },
];

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
    const [ledgerIndex]: RuleRow[] = await queryRunner.query("SELECT id, name FROM admin_rule WHERE name = 'audit/ledger/index'");
    const [existing] = await queryRunner.query("SELECT id FROM admin_rule WHERE name = 'audit/trace'");
    if (!audit || existing) return;
    const now = Math.floor(Date.now() / 1000);
    const insert = async (pid: number, type: string, title: string, titleEn: string, name: string, icon: string): Promise<number> => {
      const page = type === 'menu';
      await queryRunner.query(
        'INSERT INTO admin_rule (pid, type, title, title_en, name, path, icon, menu_type, url, component, keepalive, extend, remark, weigh, status, createtime, updatetime) ' +
          "VALUES (?, ?, ?, ?, ?, ?, ?, ?, '', ?, ?, 'none', '', 0, 1, ?, ?)",
        [pid, type, title, titleEn, name, page ? name : '', icon, page ? 'tab' : null, page ? `/src/pages/admin/${name}/index.tsx` : '', page ? 1 : 0, now, now],
      );
      const [row]: RuleRow[] = await queryRunner.query('SELECT id, name FROM admin_rule WHERE name = ?', [name]);
      return Number(row.id);
    };
    const ids: number[] = [];
    for (const page of PAGES) {
      const id = await insert(Number(audit.id), 'menu', page.title, page.titleEn, page.name, page.icon);
      ids.push(id);
      for (const [name, title, titleEn] of page.buttons) ids.push(await insert(id, 'button', title, titleEn, name, ''));
    }
    if (!ledgerIndex) return;
    // the pickers of the trace and the filters list products, warehouses and shelves (read only)
    const pickers: RuleRow[] = await queryRunner.query("SELECT id, name FROM admin_rule WHERE name IN ('wms/product/index', 'wms/warehouse/index', 'wms/shelf/index')");
    ids.push(...pickers.map((r) => Number(r.id)));
    const groups: Array<{ id: number | string; rules: string | null }> = await queryRunner.query('SELECT id, rules FROM admin_group');
    for (const group of groups) {
      const held = String(group.rules ?? '').split(',').map((id) => id.trim()).filter(Boolean);
      if (held.includes('*') || !held.includes(String(ledgerIndex.id))) continue;
      await queryRunner.query('UPDATE admin_group SET rules = ? WHERE id = ?', [[...new Set([...held, ...ids.map(String)])].join(','), Number(group.id)]);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const rules: RuleRow[] = await queryRunner.query("SELECT id, name FROM admin_rule WHERE name IN ('audit/trace', 'audit/stock', 'audit/variance') OR name LIKE 'audit/trace/%' OR name LIKE 'audit/stock/%' OR name LIKE 'audit/variance/%'");
    if (rules.length) {
      const gone = new Set(rules.map((r) => String(r.id)));
      const groups: Array<{ id: number | string; rules: string | null }> = await queryRunner.query('SELECT id, rules FROM admin_group');
      for (const group of groups) {
        const held = String(group.rules ?? '').split(',').filter(Boolean);
        if (held.some((id) => gone.has(id))) await queryRunner.query('UPDATE admin_group SET rules = ? WHERE id = ?', [held.filter((id) => !gone.has(id)).join(','), Number(group.id)]);
      }
      await queryRunner.query(`DELETE FROM admin_rule WHERE id IN (${rules.map(() => '?').join(',')})`, rules.map((r) => Number(r.id)));
    }
    await queryRunner.dropIndex('inventory_history', 'idx_history_product_event');
  }
}
