import { MigrationInterface, QueryRunner } from 'typeorm';

type RuleRow = { id: number | string; name: string };
type GroupRow = { id: number | string; rules: string | null };

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

const idList = (rules: string | null) =>
  String(rules ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);

/**
 * For databases seeded before the order lists, the admin log, the member lists and the safety logs could be
 * exported: adds
 * their `export` button rules and grants each to the groups that may see the list (whoever may read a list
 * may take it away as a file). Groups holding every rule (`*`) need nothing. A fresh database has no rules
 * yet here: the seed writes them. Constant SQL with bound parameters (the same text on SQLite and MySQL).
 */
export class ListExportRules1764001600000 implements MigrationInterface {
  name = 'ListExportRules1764001600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const now = Math.floor(Date.now() / 1000);
    const groups: GroupRow[] = await queryRunner.query('SELECT id, rules FROM admin_group');
    const grants = new Map(groups.map((group) => [String(group.id), idList(group.rules)]));
    for (const menu of MENUS) {
      const name = `${menu}/export`;
      const known: RuleRow[] = await queryRunner.query('SELECT id, name FROM admin_rule WHERE name IN (?, ?, ?)', [menu, `${menu}/index`, name]);
      const parent = known.find((r) => r.name === menu);
      const index = known.find((r) => r.name === `${menu}/index`);
      if (!parent || known.some((r) => r.name === name)) continue;
      await queryRunner.query(
        'INSERT INTO admin_rule (pid, type, title, title_en, name, path, icon, menu_type, url, component, keepalive, extend, remark, weigh, status, createtime, updatetime) ' +
          "VALUES (?, 'button', '导出', 'Export', ?, '', '', NULL, '', '', 0, 'none', '', 0, 1, ?, ?)",
        [Number(parent.id), name, now, now],
      );
      const [created]: RuleRow[] = await queryRunner.query('SELECT id, name FROM admin_rule WHERE name = ?', [name]);
      if (!index) continue;
      for (const ids of grants.values()) {
        if (!ids.includes('*') && ids.includes(String(index.id))) ids.push(String(created.id));
      }
    }
    for (const group of groups) {
      const ids = grants.get(String(group.id))!;
      if (ids.join(',') !== idList(group.rules).join(',')) await queryRunner.query('UPDATE admin_group SET rules = ? WHERE id = ?', [ids.join(','), Number(group.id)]);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const names = MENUS.map((menu) => `${menu}/export`);
    const rules: RuleRow[] = await queryRunner.query(`SELECT id, name FROM admin_rule WHERE name IN (${names.map(() => '?').join(',')})`, names);
    if (!rules.length) return;
    const gone = new Set(rules.map((r) => String(r.id)));
    const groups: GroupRow[] = await queryRunner.query('SELECT id, rules FROM admin_group');
    for (const group of groups) {
      const ids = idList(group.rules);
      if (ids.some((id) => gone.has(id))) await queryRunner.query('UPDATE admin_group SET rules = ? WHERE id = ?', [ids.filter((id) => !gone.has(id)).join(','), Number(group.id)]);
    }
    await queryRunner.query(`DELETE FROM admin_rule WHERE id IN (${rules.map(() => '?').join(',')})`, rules.map((r) => Number(r.id)));
  }
}
