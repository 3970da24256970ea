import { MigrationInterface, QueryRunner } from 'typeorm';

type RuleRow = { id: number | string; name: string };
type GroupRow = { id: number | string; rules: string | null };

/** A button rule to add under `parent`, granted to the groups holding any of `grantedWith`. */
interface NewRule {
  parent: string;
  name: string;
  title: string;
  title_en: string;
  grantedWith: string[];
}

const ORDER_PRINT: NewRule[] = ['inbound', 'outbound', 'relocation'].map((kind) => ({
  parent: `wms/${kind}`,
  name: `wms/${kind}/print`,
  title: '打印',
  title_en: 'Print',
  // whoever may see an order may print it
  grantedWith: [`wms/${kind}/index`],
}));

const LABELS: NewRule[] = ['product', 'shelf'].map((catalogue) => ({
  parent: `wms/${catalogue}`,
  name: `wms/${catalogue}/labels`,
  title: '打印标签',
  title_en: 'Print labels',
  grantedWith: [`wms/${catalogue}/index`],
}));

const SCAN: NewRule = {
  parent: 'wmsOperation',
  name: 'wms/scan/resolve',
  title: '扫码识别',
  title_en: 'Resolve scanned codes',
  // the order line editors scan: whoever may fill in an order
  grantedWith: ['inbound', 'outbound', 'relocation'].flatMap((kind) => [`wms/${kind}/add`, `wms/${kind}/edit`]),
};

const RULES = [...ORDER_PRINT, ...LABELS, SCAN];

const idList = (rules: string | null) =>
  String(rules ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);

/**
 * For databases seeded before printed documents, labels and scanning existed: adds their button rules
 * (`wms/<order>/print`, `wms/product/labels`, `wms/shelf/labels`, `wms/scan/resolve`) and grants them as a fresh
 * seed would — printing and labels to the groups that may see the order or the list, scanning to the groups
 * that may add or edit orders. Groups holding every rule (`*`) need nothing. A fresh database has no rules
 * yet here: the seed writes them. Constant SQL with bound parameters (the same text on SQLite and MySQL).
 */
export class PrintLabelsScanRules1764000500000 implements MigrationInterface {
  name = 'PrintLabelsScanRules1764000500000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const now = Math.floor(Date.now() / 1000);
    const groups: GroupRow[] = await queryRunner.query('SELECT id, rules FROM admin_group');
    const grants = new Map(groups.map((group) => [String(group.id), idList(group.rules)]));
    for (const rule of RULES) {
      const known: RuleRow[] = await queryRunner.query('SELECT id, name FROM admin_rule WHERE name = ? OR name = ?', [rule.parent, rule.name]);
      const parent = known.find((r) => r.name === rule.parent);
      if (!parent || known.some((r) => r.name === rule.name)) continue;
      await queryRunner.query(
        'INSERT INTO admin_rule (pid, type, title, title_en, name, path, icon, menu_type, url, component, keepalive, extend, remark, weigh, status, createtime, updatetime) ' +
          "VALUES (?, 'button', ?, ?, ?, '', '', NULL, '', '', 0, 'none', '', 0, 1, ?, ?)",
        [Number(parent.id), rule.title, rule.title_en, rule.name, now, now],
      );
      const [created]: RuleRow[] = await queryRunner.query('SELECT id, name FROM admin_rule WHERE name = ?', [rule.name]);
      const holders: RuleRow[] = await queryRunner.query(`SELECT id, name FROM admin_rule WHERE name IN (${rule.grantedWith.map(() => '?').join(',')})`, rule.grantedWith);
      const holderIds = new Set(holders.map((r) => String(r.id)));
      for (const ids of grants.values()) {
        if (!ids.includes('*') && ids.some((id) => holderIds.has(id))) ids.push(String(created.id));
      }
    }
    for (const group of groups) {
      const ids = grants.get(String(group.id))!;
      if (ids.join(',') !== idList(group.rules).join(',')) await queryRunner.query('UPDATE admin_group SET rules = ? WHERE id = ?', [ids.join(','), Number(group.id)]);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const names = RULES.map((rule) => rule.name);
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
