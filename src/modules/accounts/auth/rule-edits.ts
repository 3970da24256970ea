import { EntityManager, EntityTarget, In, ObjectLiteral } from 'typeorm';
import { AppError } from '../../../shared/http/app-error';
import { AuthAdmin } from '../../../shared/http/auth.decorators';
import { parseRuleIds, withoutRuleIds } from '../domain/rule-tree';

/**
 * The checks admin rules and member rules share. Groups grant rules by id and the guard reads the names
 * of those rules, so a rule's name IS the permission it carries: renaming a rule would move a permission
 * from whoever held the old name to whoever holds the rule. Only a super administrator, who holds every
 * permission anyway, may do that; anyone else edits the other fields of a rule and never its name.
 */
export function checkRename(operator: AuthAdmin, before: string, after: string): void {
  if (before !== after && !operator.isSuper) throw new AppError('accounts.rule_rename_super_only');
}

/**
 * What a rule opens — its menu type, URL (a link or an iframe) and component (the page file) — decides what a
 * menu entry shows everyone who holds it: only a super administrator changes it (`before` is the rule as it
 * is, or a new rule's defaults). Everything else of a rule stays editable by whoever may edit it.
 */
export function checkPageChange(operator: AuthAdmin, before: PageFields, after: PageFields): void {
  if (operator.isSuper) return;
  if ((before.menu_type ?? null) !== (after.menu_type ?? null) || (before.url ?? '') !== (after.url ?? '') || (before.component ?? '') !== (after.component ?? '')) {
    throw new AppError('accounts.rule_page_super_only');
  }
}

export interface PageFields {
  menu_type: string | null;
  url: string;
  component: string;
}

/** The guard compares names in lower case, so two names that differ only in case would be one permission. */
export async function ruleNameTaken(manager: EntityManager, entity: EntityTarget<ObjectLiteral>, name: string, exceptId?: number): Promise<boolean> {
  const query = manager.createQueryBuilder(entity, 'r').where('LOWER(r.name) = LOWER(:name)', { name });
  if (exceptId !== undefined) query.andWhere('r.id <> :exceptId', { exceptId });
  return (await query.getCount()) > 0;
}

/** Takes deleted rule ids out of every group that held them (in the deleting transaction). */
export async function dropDeletedRuleIds(manager: EntityManager, groupEntity: EntityTarget<{ id: number; rules: string | null }>, ids: ReadonlyArray<number>): Promise<void> {
  const groups = await manager.find(groupEntity, { select: { id: true, rules: true } });
  for (const group of groups) {
    const parsed = parseRuleIds(group.rules);
    if (parsed.all || !parsed.ids.some((id) => ids.includes(id))) continue;
    await manager.update(groupEntity, { id: In([group.id]) }, { rules: withoutRuleIds(group.rules, ids) });
  }
}
