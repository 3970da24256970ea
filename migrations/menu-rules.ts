import { QueryRunner } from 'typeorm';

/** A page of the back office's menu and the buttons (actions) it carries. */
export interface MenuPage {
  name: string;
  title: string;
  title_en: string;
  icon: string;
  buttons: readonly string[];
}

/** A button's titles: [Chinese, English]. */
export type ButtonTitles = Record<string, readonly [string, string]>;

/** The titles of the buttons every list page has. */
export const LIST_BUTTONS: ButtonTitles = {
  index: ['查看', 'View'],
  add: ['添加', 'Add'],
  edit: ['编辑', 'Edit'],
  del: ['删除', 'Delete'],
};

type Runner = Pick<QueryRunner, 'query'>;
type IdRow = { id: number | string };

/** A group's `rules` column as rule ids ('*' stays '*'). */
const idList = (rules: string | null) =>
  String(rules ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);

/**
 * One admin rule where it is missing (a database seeded before it), as the seed writes it: a folder or a
 * page keeps its path (a page also its component, tab and keep-alive), a button only its name. Answers its
 * id, the existing rule's when there is one. Constant SQL with bound parameters, the same on SQLite and MySQL.
 */
export async function seedRule(
  queryRunner: Runner,
  rule: { pid: number; type: 'menu_dir' | 'menu' | 'button'; name: string; title: string; title_en: string; icon: string; weigh: number },
  now: number,
): Promise<number> {
  const [present]: IdRow[] = await queryRunner.query('SELECT id FROM admin_rule WHERE name = ?', [rule.name]);
  if (present) return Number(present.id);
  const isMenu = rule.type === 'menu';
  await queryRunner.query(
    'INSERT INTO admin_rule (pid, type, title, title_en, name, path, icon, menu_type, url, component, keepalive, extend, remark, weigh, status, createtime, updatetime) ' +
      "VALUES (?, ?, ?, ?, ?, ?, ?, ?, '', ?, ?, 'none', '', ?, 1, ?, ?)",
    [
      rule.pid,
      rule.type,
      rule.title,
      rule.title_en,
      rule.name,
      rule.type === 'button' ? '' : rule.name,
      rule.icon,
      isMenu ? 'tab' : null,
      isMenu ? `/src/pages/admin/${rule.name}/index.tsx` : '',
      isMenu ? 1 : 0,
      rule.weigh,
      now,
      now,
    ],
  );
  return Number((await queryRunner.query('SELECT id FROM admin_rule WHERE name = ?', [rule.name]))[0].id);
}

/**
 * Menu pages and their buttons (`<page>/<button>`) under the rule `pid`, each where it is missing: what a
 * migration adds to a database seeded before its pages (a fresh database gets them from the seed). Granted
 * to no group: the super administrators (`*`) hold them, anyone else gets them on purpose. `weigh` orders
 * a page among its siblings (buttons weigh 0). `wholePages`: a page already there is left as it is, its
 * buttons too (otherwise each missing button is added).
 */
export async function seedMenuRules(
  queryRunner: Runner,
  pid: number,
  pages: ReadonlyArray<MenuPage & { weigh: number }>,
  buttons: ButtonTitles,
  options: { now?: number; wholePages?: boolean } = {},
): Promise<void> {
  const now = options.now ?? Math.floor(Date.now() / 1000);
  for (const page of pages) {
    if (options.wholePages && (await queryRunner.query('SELECT id FROM admin_rule WHERE name = ?', [page.name])).length) continue;
    const id = await seedRule(queryRunner, { pid, type: 'menu', name: page.name, title: page.title, title_en: page.title_en, icon: page.icon, weigh: page.weigh }, now);
    for (const button of page.buttons) {
      const [title, titleEn] = buttons[button];
      await seedRule(queryRunner, { pid: id, type: 'button', name: `${page.name}/${button}`, title, title_en: titleEn, icon: '', weigh: 0 }, now);
    }
  }
}

/** The names of pages and their buttons (what a migration's `down` removes). */
export function menuRuleNames(pages: readonly MenuPage[]): string[] {
  return pages.flatMap((page) => [page.name, ...page.buttons.map((button) => `${page.name}/${button}`)]);
}

/**
 * Grants the rule `name` to every group that holds one of `grantedWith` (by name), as the seed would have;
 * groups holding every rule (`*`) need nothing. Idempotent.
 */
export async function grantWith(queryRunner: Runner, name: string, grantedWith: readonly string[]): Promise<void> {
  const [rule]: IdRow[] = await queryRunner.query('SELECT id FROM admin_rule WHERE name = ?', [name]);
  if (!rule || !grantedWith.length) return;
  const holders: IdRow[] = await queryRunner.query(`SELECT id FROM admin_rule WHERE name IN (${grantedWith.map(() => '?').join(',')})`, [...grantedWith]);
  const holderIds = new Set(holders.map((r) => String(r.id)));
  const groups: Array<{ id: number | string; rules: string | null }> = await queryRunner.query('SELECT id, rules FROM admin_group');
  for (const group of groups) {
    const ids = idList(group.rules);
    if (ids.includes('*') || ids.includes(String(rule.id)) || !ids.some((id) => holderIds.has(id))) continue;
    await queryRunner.query('UPDATE admin_group SET rules = ? WHERE id = ?', [[...ids, String(rule.id)].join(','), Number(group.id)]);
  }
}

/** Removes the rules named (a migration's `down`) and takes them out of every group that held them. */
export async function revokeRules(queryRunner: Runner, names: readonly string[]): Promise<void> {
  if (!names.length) return;
  const rules: IdRow[] = await queryRunner.query(`SELECT id FROM admin_rule WHERE name IN (${names.map(() => '?').join(',')})`, [...names]);
  if (!rules.length) return;
  const gone = new Set(rules.map((r) => String(r.id)));
  const groups: Array<{ id: number | string; rules: string | null }> = await queryRunner.query('SELECT id, rules FROM admin_group');
  for (const group of groups) {
    const ids = idList(group.rules);
    if (ids.some((id) => gone.has(id))) await queryRunner.query('UPDATE admin_group SET rules = ? WHERE id = ?', [ids.filter((id) => !gone.has(id)).join(','), Number(group.id)]);
  }
  await queryRunner.query(`DELETE FROM admin_rule WHERE id IN (${rules.map(() => '?').join(',')})`, rules.map((r) => Number(r.id)));
}

/** Revokes the menu folders named (`menu_dir`) that hold no rule any more: a folder a generator made, left empty. */
export async function revokeEmptyFolders(queryRunner: Runner, names: readonly string[]): Promise<void> {
  const empty: string[] = [];
  for (const name of names) {
    const [folder]: IdRow[] = await queryRunner.query("SELECT id FROM admin_rule WHERE name = ? AND type = 'menu_dir'", [name]);
    if (!folder) continue;
    const [child]: IdRow[] = await queryRunner.query('SELECT id FROM admin_rule WHERE pid = ? LIMIT 1', [Number(folder.id)]);
    if (!child) empty.push(name);
  }
  await revokeRules(queryRunner, empty);
}
