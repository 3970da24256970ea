import { MigrationInterface, QueryRunner } from 'typeorm';

type RuleRow = { id: number | string; name: string; weigh?: number | string };

/** Frozen copy of the seed's rules (migrations never change with the code that follows them). */
const BUTTONS: Array<[string, string, string]> = [
  ['audit/ledger/index', '查看', 'View'],
  ['audit/ledger/export', '导出', 'Export'],
  ['audit/ledger/runs', '校验记录', 'Verification runs'],
  ['audit/ledger/take', '生成摘要', 'Take a digest'],
  ['audit/ledger/download', '下载摘要', 'Download a digest'],
  ['audit/ledger/publicKey', '签名公钥', 'Signing public key'],
  ['audit/ledger/verify', '校验账本', 'Verify the ledger'],
];
const AUDITOR_GROUP = '审计员';

/**
 * For databases seeded before the auditor's ledger workspace: adds its menu (`audit`, `audit/ledger`) with
 * its button rules and grants them to the seeded Auditor group; super administrators hold every rule (`*`).
 * A fresh database has no rules yet here: the seed writes them. Constant SQL with bound parameters.
 */
export class LedgerAuditRules1764000800100 implements MigrationInterface {
  name = 'LedgerAuditRules1764000800100';

  async up(queryRunner: QueryRunner): Promise<void> {
    const [{ n }] = await queryRunner.query('SELECT COUNT(*) AS n FROM admin_rule');
    if (!Number(n)) return;
    const [existing] = await queryRunner.query("SELECT id FROM admin_rule WHERE name = 'audit'");
    if (existing) return;
    const now = Math.floor(Date.now() / 1000);
    const [auth]: RuleRow[] = await queryRunner.query("SELECT id, name, weigh FROM admin_rule WHERE name = 'auth'");
    const weigh = auth ? Number(auth.weigh) + 1 : 0;
    const insert = async (pid: number, type: string, title: string, titleEn: string, name: string, page: boolean, icon: string): Promise<number> => {
      await queryRunner.query(
        'INSERT INTO admin_rule (pid, type, title, title_en, name, path, icon, menu_type, url, component, keepalive, extend, remark, weigh, status, createtime, updatetime) ' +
          "VALUES (?, ?, ?, ?, ?, ?, ?, ?, '', ?, ?, 'none', '', ?, 1, ?, ?)",
        [pid, type, title, titleEn, name, type === 'button' ? '' : name, icon, page ? 'tab' : null, page ? `/src/pages/admin/${name}/index.tsx` : '', page ? 1 : 0, type === 'button' ? 0 : weigh, now, now],
      );
      const [row]: RuleRow[] = await queryRunner.query('SELECT id, name FROM admin_rule WHERE name = ?', [name]);
      return Number(row.id);
    };
    const ids: number[] = [];
    const dir = await insert(0, 'menu_dir', '审计工作台', "Auditor's workspace", 'audit', false, 'IconSafe');
    const page = await insert(dir, 'menu', '账本校验', 'Ledger integrity', 'audit/ledger', true, 'IconCheckCircle');
    ids.push(dir, page);
    for (const [name, title, titleEn] of BUTTONS) ids.push(await insert(page, 'button', title, titleEn, name, false, ''));
    const groups: Array<{ id: number | string; rules: string | null }> = await queryRunner.query('SELECT id, rules FROM admin_group WHERE name = ?', [AUDITOR_GROUP]);
    for (const group of groups) {
      const held = String(group.rules ?? '').split(',').map((id) => id.trim()).filter(Boolean);
      if (held.includes('*')) continue;
      await queryRunner.query('UPDATE admin_group SET rules = ? WHERE id = ?', [[...held, ...ids.map(String)].join(','), Number(group.id)]);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const rules: RuleRow[] = await queryRunner.query("SELECT id, name FROM admin_rule WHERE name = 'audit' OR name LIKE 'audit/%'");
    if (!rules.length) return;
    const gone = new Set(rules.map((r) => String(r.id)));
    const groups: Array<{ id: number | string; rules: string | null }> = await queryRunner.query('SELECT id, rules FROM admin_group');
    for (const group of groups) {
      const held = String(group.rules ?? '').split(',').filter(Boolean);
      if (held.some((id) => gone.has(id))) await queryRunner.query('UPDATE admin_group SET rules = ? WHERE id = ?', [held.filter((id) => !gone.has(id)).join(','), Number(group.id)]);
    }
    await queryRunner.query(`DELETE FROM admin_rule WHERE id IN (${rules.map(() => '?').join(',')})`, rules.map((r) => Number(r.id)));
  }
}
