import { EntityManager, EntityTarget } from 'typeorm';
import { AppError, NoPermissionError } from '../../../shared/http/app-error';
import { translate } from '../../../shared/http/translate';
import { parseRuleIds } from '../domain/rule-tree';
import { ruleTitle } from './rule-title';
import type { RuleRow } from './rule-tree.service';

/**
 * The rules a group holds, as admin groups and member groups both keep them: a comma-separated list of rule
 * ids, or `*` for every rule (new rules then apply to the group too).
 */
export class GroupRules<R extends RuleRow> {
  constructor(
    private readonly rule: EntityTarget<R>,
    /** The i18n key of "every rule" in the group list. */
    private readonly allRulesKey: string,
  ) {}

  /** The group's rules as its form shows them: without parents, since the tree recomputes half-checked parents. */
  async forForm(manager: EntityManager, stored: string | null): Promise<number[]> {
    const parsed = parseRuleIds(stored);
    const rules = await manager.find(this.rule, { select: { id: true, pid: true } as never });
    const ids = parsed.all ? rules.map((r) => r.id) : parsed.ids;
    const parents = new Set(rules.filter((r) => ids.includes(r.id)).map((r) => r.pid));
    return ids.filter((ruleId) => !parents.has(ruleId));
  }

  /**
   * What to store for the rule ids a form sent: existing ids only, in order; all of them → `*`. An operator
   * limited to `held` rules may grant only those, and never all of them (the group would equal its own).
   */
  async toStore(manager: EntityManager, ruleIds: number[], held: ReadonlySet<number> | null): Promise<string> {
    const all = await manager.find(this.rule, { select: { id: true } as never });
    const existing = new Set(all.map((r) => r.id));
    const wanted = [...new Set(ruleIds)].filter((id) => existing.has(id)).sort((a, b) => a - b);
    if (!held) return all.length > 0 && wanted.length === all.length ? '*' : wanted.join(',');
    if (!wanted.every((id) => held.has(id))) throw new NoPermissionError();
    if (wanted.length >= held.size) throw new AppError('accounts.group_would_equal_operator');
    return wanted.join(',');
  }

  /** The list's summary of a group's rules: "every rule", the one rule's title, or "<title> and N more". */
  summary(stored: string | null, all: R[]): string {
    const parsed = parseRuleIds(stored);
    if (parsed.all) return translate(this.allRulesKey);
    const held = all.filter((r) => parsed.ids.includes(r.id));
    if (!held.length) return translate('accounts.no_permission_rules');
    return held.length === 1 ? ruleTitle(held[0]) : translate('accounts.rules_and_more', { title: ruleTitle(held[0]), count: held.length });
  }
}
