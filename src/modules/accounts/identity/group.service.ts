import { EntityManager, EntityTarget, In } from 'typeorm';
import { parseId, parseIds } from '../../../shared/crud';
import { TransactionRunner } from '../../../shared/database/transaction-runner';
import { AppError, NoPermissionError } from '../../../shared/http/app-error';
import { AuthAdmin } from '../../../shared/http/auth.decorators';
import { unixNow } from '../../../shared/http/envelope';
import { reply } from '../../../shared/http/reply';
import { GroupRules } from './group-rules';
import type { RuleRow } from './rule-tree.service';

/** What admin groups and member groups have in common (`admin_group`, `user_group`). */
export interface GroupRow {
  id: number;
  name: string;
  rules: string | null;
  status: number;
  createtime: number | null;
  updatetime: number | null;
}

/** A group as the add and edit forms send it (`groupForm` of each identity validates it). */
export interface GroupInput {
  id?: number;
  pid?: number;
  name: string;
  rules: number[];
  status?: number;
}

/** The groups an operator sees and the ones that are its own (read-only to it); null: every group, none its own. */
export type GroupScope<G> = { own: number[]; visible: G[] } | null;

/** One identity's groups: its tables, who sees and grants what, whether they form a tree, what a delete needs. */
export interface GroupConfig<G extends GroupRow> {
  group: EntityTarget<G>;
  rule: EntityTarget<RuleRow>;
  /** The i18n key of "every rule" in the group list. */
  allRulesKey: string;
  /** Groups hang below a parent group (`pid`). */
  tree: boolean;
  scope(operator: AuthAdmin, manager: EntityManager): Promise<GroupScope<G>>;
  /** The rules the operator may grant (null: any). */
  held(operator: AuthAdmin): Promise<ReadonlySet<number> | null>;
  /** The list (`GET index`), as this identity shows it; `summary` says a group's rules in the reader's language. */
  index(query: Record<string, unknown>, operator: AuthAdmin, helpers: { scope: GroupScope<G>; summary: (stored: string | null, rules: RuleRow[]) => string; manager: EntityManager }): Promise<unknown>;
  /** Refuses to delete groups still in use, and removes what hangs on them. */
  beforeDelete(manager: EntityManager, ids: number[]): Promise<void>;
}

/**
 * The groups of one identity (admin groups `auth.Group`, member groups `user.Group`) as the back office edits
 * them: list, read, add, edit, delete, each group holding rules (`GroupRules`). Where a scope applies (admin
 * groups), an operator manages only the groups it dominates — never its own, which it may only read — and
 * hangs new or moved groups only below groups it sees; a group never hangs below itself.
 */
export class GroupService<G extends GroupRow> {
  private readonly groupRules: GroupRules<RuleRow>;

  constructor(
    private readonly transactions: TransactionRunner,
    private readonly config: GroupConfig<G>,
  ) {
    this.groupRules = new GroupRules(config.rule, config.allRulesKey);
  }

  async index(query: Record<string, unknown>, operator: AuthAdmin) {
    const manager = this.transactions.manager;
    return this.config.index(query, operator, { scope: await this.config.scope(operator, manager), summary: (stored, rules) => this.groupRules.summary(stored, rules), manager });
  }

  /** The form gets the rules without their parents (the tree recomputes half-checked parents). */
  async row(id: unknown, operator: AuthAdmin) {
    const manager = this.transactions.manager;
    const group = await this.manageable(parseId(id), operator, manager, true);
    return { row: { ...group, rules: await this.groupRules.forForm(manager, group.rules) } };
  }

  async add(input: GroupInput, operator: AuthAdmin) {
    const id = await this.transactions.run(async (manager) => {
      await this.checkParent(input, operator, manager);
      const now = unixNow();
      const { identifiers } = await manager.insert(this.config.group, { ...(await this.fields(input, operator, manager)), createtime: now, updatetime: now } as never);
      return identifiers[0].id as number;
    });
    return reply((await this.row(id, operator)).row, 'crud.added');
  }

  async edit(input: GroupInput, operator: AuthAdmin) {
    const id = parseId(input.id);
    await this.transactions.run(async (manager) => {
      await this.manageable(id, operator, manager);
      if (this.config.tree && (input.pid === id || (await this.descendantsOf([id], manager)).includes(input.pid ?? 0))) throw new AppError('accounts.rule_parent_invalid');
      await this.checkParent(input, operator, manager);
      await manager.update(this.config.group, { id } as never, { ...(await this.fields(input, operator, manager)), updatetime: unixNow() } as never);
    });
    return reply((await this.row(id, operator)).row, 'crud.updated');
  }

  async del(method: string, ids: unknown, operator: AuthAdmin) {
    if (method !== 'DELETE') throw new AppError('crud.parameter_error');
    const parsed = parseIds(ids);
    const count = await this.transactions.run(async (manager) => {
      if (await this.config.scope(operator, manager)) for (const id of parsed) await this.manageable(id, operator, manager, false, 'accounts.cannot_delete_own_group');
      await this.config.beforeDelete(manager, parsed);
      const affected = (await manager.delete(this.config.group, { id: In(parsed) } as never)).affected ?? parsed.length;
      if (!affected) throw new AppError('crud.no_rows_deleted');
      return affected;
    });
    return reply({ count }, 'crud.deleted');
  }

  /** The stored fields of a group from its form: rules the operator may grant only (all of them → `*` where it may grant any). */
  private async fields(input: GroupInput, operator: AuthAdmin, manager: EntityManager) {
    const rules = await this.groupRules.toStore(manager, input.rules, await this.config.held(operator));
    return { ...(this.config.tree ? { pid: input.pid ?? 0 } : {}), name: input.name, rules, status: input.status ?? 1 };
  }

  private async manageable(id: number, operator: AuthAdmin, manager: EntityManager, readOnly = false, ownError = 'accounts.cannot_edit_own_group'): Promise<G> {
    const group = await manager.findOne(this.config.group, { where: { id } as never });
    if (!group) throw new AppError('crud.record_not_found');
    const scope = await this.config.scope(operator, manager);
    if (!scope) return group;
    if (scope.own.includes(id)) {
      if (readOnly) return group;
      throw new AppError(ownError);
    }
    if (!scope.visible.some((g) => g.id === id)) throw new NoPermissionError();
    return group;
  }

  /** A new or moved group hangs below the operator's own group or one it manages (top level: super admins only). */
  private async checkParent(input: GroupInput, operator: AuthAdmin, manager: EntityManager): Promise<void> {
    if (!this.config.tree) return;
    const pid = input.pid ?? 0;
    if (pid === 0 && operator.isSuper) return;
    const scope = await this.config.scope(operator, manager);
    if (scope && !scope.visible.some((g) => g.id === pid)) throw new AppError('accounts.rule_parent_invalid');
  }

  private async descendantsOf(ids: number[], manager: EntityManager): Promise<number[]> {
    const all = (await manager.find(this.config.group, { select: { id: true, pid: true } as never })) as unknown as Array<{ id: number; pid: number }>;
    const found: number[] = [];
    let frontier = ids;
    while (frontier.length) {
      frontier = all.filter((g) => frontier.includes(g.pid) && !found.includes(g.id)).map((g) => g.id);
      found.push(...frontier);
    }
    return found;
  }
}
