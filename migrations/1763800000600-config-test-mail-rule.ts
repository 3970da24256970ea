import { MigrationInterface, QueryRunner } from 'typeorm';

const PARENT = 'routine/config';
const NODE = 'routine/config/sendTestMail';
const GRANTED_WITH = 'routine/config/edit';

/** Menu icons seeded under names the Arco icon set does not have (the menu showed none): rule → [was, now]. */
const ICON_FIXES: Array<[string, string, string]> = [
  ['wms/stock', 'IconBarChart', 'IconArchive'],
  ['wms/unit', 'IconRuler', 'IconCommon'],
  ['wms/warehouseArea', 'IconLayers', 'IconNav'],
];

type RuleRow = { id: number | string; name: string };
type GroupRow = { id: number | string; rules: string | null };

const idList = (rules: string | null) =>
  String(rules ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);

/**
 * For databases seeded before `routine.Config/sendTestMail` existed: adds its button rule under the
 * routine/config menu and grants it to the groups that may already edit the configuration. Also keeps the
 * SMTP password an item of type `password` and makes the `secret` flag of every config row follow the one
 * rule (secret ⇔ type password), and replaces three seeded menu icons that do not exist in the Arco icon set
 * (only where an admin has not changed them). A fresh database has no rules yet here: the seed writes them.
 * Statements are constant SQL with bound parameters (the same text runs on SQLite and MySQL).
 */
export class ConfigTestMailRule1763800000600 implements MigrationInterface {
  name = 'ConfigTestMailRule1763800000600';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("UPDATE config SET type = 'password' WHERE name = ?", ['smtp_pass']);
    await queryRunner.query("UPDATE config SET secret = CASE WHEN type = 'password' THEN 1 ELSE 0 END");
    for (const [name, was, now] of ICON_FIXES) await queryRunner.query('UPDATE admin_rule SET icon = ? WHERE name = ? AND icon = ?', [now, name, was]);

    const rules: RuleRow[] = await queryRunner.query('SELECT id, name FROM admin_rule WHERE name IN (?, ?, ?)', [PARENT, NODE, GRANTED_WITH]);
    const parent = rules.find((r) => r.name === PARENT);
    if (!parent || rules.some((r) => r.name === NODE)) return;

    const now = Math.floor(Date.now() / 1000);
    await queryRunner.query(
      'INSERT INTO admin_rule (pid, type, title, title_en, name, path, icon, menu_type, url, component, keepalive, extend, remark, weigh, status, createtime, updatetime) ' +
        "VALUES (?, 'button', ?, ?, ?, '', '', NULL, '', '', 0, 'none', '', 0, 1, ?, ?)",
      [Number(parent.id), '发送测试邮件', 'Send test mail', NODE, now, now],
    );
    const [node]: RuleRow[] = await queryRunner.query('SELECT id, name FROM admin_rule WHERE name = ?', [NODE]);
    const edit = rules.find((r) => r.name === GRANTED_WITH);
    if (!edit || !node) return;

    const groups: GroupRow[] = await queryRunner.query('SELECT id, rules FROM admin_group');
    for (const group of groups) {
      const ids = idList(group.rules);
      if (ids.includes('*') || !ids.includes(String(edit.id))) continue;
      await queryRunner.query('UPDATE admin_group SET rules = ? WHERE id = ?', [[...ids, String(node.id)].join(','), Number(group.id)]);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const [node]: RuleRow[] = await queryRunner.query('SELECT id, name FROM admin_rule WHERE name = ?', [NODE]);
    if (!node) return;
    const groups: GroupRow[] = await queryRunner.query('SELECT id, rules FROM admin_group');
    for (const group of groups) {
      const ids = idList(group.rules);
      if (!ids.includes(String(node.id))) continue;
      await queryRunner.query('UPDATE admin_group SET rules = ? WHERE id = ?', [ids.filter((id) => id !== String(node.id)).join(','), Number(group.id)]);
    }
    await queryRunner.query('DELETE FROM admin_rule WHERE id = ?', [Number(node.id)]);
  }
}
