import { withFrameworkAliases } from '../../../shared/http/framework-aliases';
import { EntityManager, EntityTarget, In, Not } from 'typeorm';
import { CrudKit, CrudService, isTrue, parseId, parseIds, quickSearchKeyword } from '../../../shared/crud';
import { TransactionRunner } from '../../../shared/database/transaction-runner';
import { AppError, NoPermissionError } from '../../../shared/http/app-error';
import { AuthAdmin } from '../../../shared/http/auth.decorators';
import { unixNow } from '../../../shared/http/envelope';
import { reply } from '../../../shared/http/reply';
import { menuUrlProblem, parseHostList } from '../../../../contract/menu-urls';
import { SiteConfigService } from '../../platform';
import { checkPageChange, checkRename, dropDeletedRuleIds, ruleNameTaken } from '../auth/rule-edits';
import { buildForest, flattenTree, isDescendant } from '../domain/rule-tree';
import { ruleTitle } from './rule-title';
import { ruleList } from '../crud/accounts.cruds';

export { ruleTitle } from './rule-title';

/** What admin rules and member rules have in common (`admin_rule`, `user_rule`). */
export interface RuleRow {
  id: number;
  pid: number;
  type: string;
  title: string;
  title_en: string;
  name: string;
  status: number;
  weigh: number;
  menu_type: string | null;
  url: string;
  component: string;
}

/** A rule as the add and edit forms send it (the DTOs of each identity validate it). */
export interface RuleInput {
  id?: number;
  pid?: number;
  type: string;
  title: string;
  title_en?: string;
  name: string;
  path?: string;
  icon?: string;
  menu_type?: string | null;
  url?: string;
  component?: string;
  extend?: string;
  remark?: string;
  weigh?: number;
  status?: number;
}

/** The rules an operator may see and touch: all of them (null), or the ones its groups hold. */
export type HeldRules<R> = { rules: R[]; ids: ReadonlySet<number> } | null;

/** One identity's rules: its tables, which types carry a page, the fields only it has, who holds what. */
export interface RuleTreeConfig<R extends RuleRow, I extends RuleInput> {
  rule: EntityTarget<R>;
  group: EntityTarget<{ id: number; rules: string | null }>;
  /** Types that show a page (they keep `menu_type` and `component`). */
  pageTypes: ReadonlySet<string>;
  /** The writable fields this identity's rules have beyond the common ones. */
  ownFields(input: I): Partial<R>;
  held(operator: AuthAdmin): Promise<HeldRules<R>>;
}

/**
 * The rule tree of one identity (admin rules `auth.Rule`, member rules `user.Rule`) as the back office edits
 * it: list as a tree or as select options, read, add, edit, delete, sort. An operator who does not hold
 * every rule sees and touches only the ones it holds (the rest answer 401, as if they did not exist), and
 * hangs new or moved rules only below rules it holds; only a super admin renames a rule (its name is the
 * permission it carries) or changes what it opens (its menu type, URL or component). Link and iframe URLs
 * are http(s) only, iframes on the site's iframe host list (setting `iframe_hosts`; empty: any https host).
 * A field an edit leaves out keeps its value. A rule is never orphaned or hung below itself.
 */
export class RuleTreeService<R extends RuleRow, I extends RuleInput> {
  private readonly crud: CrudService<R>;

  constructor(
    kit: CrudKit,
    private readonly transactions: TransactionRunner,
    private readonly siteConfig: SiteConfigService,
    private readonly config: RuleTreeConfig<R, I>,
  ) {
    this.crud = new CrudService(kit, ruleList(config.rule));
  }

  async index(query: Record<string, unknown>, operator: AuthAdmin) {
    const held = await this.config.held(operator);
    const visible = held ? held.rules : await this.transactions.manager.find(this.config.rule);
    const keyword = quickSearchKeyword(query).toLowerCase();
    const rows = visible
      .filter((r) => !keyword || [r.title, r.title_en, r.name].some((text) => text.toLowerCase().includes(keyword)))
      .map((r) => ({ ...r, title: ruleTitle(r) }));
    if (isTrue(query.select)) {
      const parents = buildForest(rows.filter((r) => r.type !== 'button' && r.status === 1));
      return { options: flattenTree(parents).map(({ node, depth }) => ({ id: node.id, pid: node.pid, title: `${depth ? `${'│ '.repeat(depth - 1)}└ ` : ''}${node.title}` })) };
    }
    return { list: buildForest(rows.map(withFrameworkAliases)), remark: '' };
  }

  async row(id: unknown, operator: AuthAdmin) {
    await this.checkHeld(operator, [parseId(id)]);
    return this.crud.get(id);
  }

  async add(input: I, operator: AuthAdmin) {
    const { rule } = this.config;
    const id = await this.transactions.run(async (manager) => {
      const data = await this.checked(input, manager, operator);
      const now = unixNow();
      const { identifiers } = await manager.insert(rule, { ...data, createtime: now, updatetime: now } as never);
      const newId = identifiers[0].id as number;
      if (!data.weigh) await manager.update(rule, { id: newId } as never, { weigh: newId } as never);
      return newId;
    });
    return reply((await this.crud.get(id)).row, 'crud.added');
  }

  async edit(input: I, operator: AuthAdmin) {
    const { rule } = this.config;
    const id = parseId(input.id);
    await this.checkHeld(operator, [id]);
    await this.transactions.run(async (manager) => {
      const current = await manager.findOne(rule, { where: { id } as never });
      if (!current) throw new AppError('crud.record_not_found');
      checkRename(operator, current.name, input.name);
      const data = await this.checked(input, manager, operator, current);
      await manager.update(rule, { id } as never, { ...data, updatetime: unixNow() } as never);
    });
    return reply((await this.crud.get(id)).row, 'crud.updated');
  }

  async del(method: string, idsParam: unknown, operator: AuthAdmin) {
    if (method !== 'DELETE') throw new AppError('crud.parameter_error');
    const { rule, group } = this.config;
    const ids = parseIds(idsParam);
    await this.checkHeld(operator, ids);
    const count = await this.transactions.run(async (manager) => {
      const orphan = await manager.findOne(rule, { where: { pid: In(ids), id: Not(In(ids)) } as never });
      if (orphan) throw new AppError('accounts.rule_has_children', { name: ruleTitle(orphan) });
      const affected = (await manager.delete(rule, { id: In(ids) } as never)).affected ?? 0;
      if (!affected) throw new AppError('crud.no_rows_deleted');
      await dropDeletedRuleIds(manager, group, ids);
      return affected;
    });
    return reply({ count }, 'crud.deleted');
  }

  async sortable(body: { id?: unknown; targetId?: unknown } | undefined, operator: AuthAdmin) {
    await this.checkHeld(operator, [Number(body?.id), Number(body?.targetId)]);
    await this.crud.sortable(body?.id, body?.targetId);
    return null;
  }

  private async checkHeld(operator: AuthAdmin, ids: number[]): Promise<void> {
    const held = await this.config.held(operator);
    if (held && !ids.every((id) => held.ids.has(id))) throw new NoPermissionError();
  }

  /** Link and iframe addresses: http(s) only, an iframe's host on the site's list (or, with none, https). */
  private async checkUrl(menuType: string | null, url: string): Promise<void> {
    const listed = await this.siteConfig.get('iframe_hosts');
    const hosts = parseHostList(typeof listed === 'string' ? listed : '');
    const problem = menuUrlProblem(menuType, url, hosts);
    if (problem === 'iframe_host') throw new AppError('accounts.rule_iframe_host', { host: url.replace(/^https?:\/\/([^/?#:]+).*$/i, '$1') });
    if (problem) throw new AppError(`accounts.rule_url_${problem}`);
  }

  /** The writable fields of a rule, after the checks of its name, parent and what it opens. */
  private async checked(input: I, manager: EntityManager, operator: AuthAdmin, current?: R): Promise<Partial<R>> {
    const { rule, pageTypes } = this.config;
    const pid = input.pid ?? 0;
    const id = current?.id;
    if (await ruleNameTaken(manager, rule, input.name, id)) throw new AppError('accounts.rule_name_taken');
    if (pid && pid !== current?.pid) {
      const parent = await manager.findOne(rule, { where: { id: pid } as never });
      const tree = () => manager.find(rule, { select: { id: true, pid: true } as never });
      const held = async () => {
        const rules = await this.config.held(operator);
        return !rules || rules.ids.has(pid);
      };
      if (!parent || parent.type === 'button' || !(await held()) || (id !== undefined && (pid === id || isDescendant(await tree(), pid, id)))) {
        throw new AppError('accounts.rule_parent_invalid');
      }
    }
    const showsPage = pageTypes.has(input.type);
    // what the rule opens: left out of an edit, it stays as it is
    const opens = {
      menu_type: showsPage ? (input.menu_type === undefined && current ? current.menu_type : input.menu_type) || 'tab' : null,
      url: input.url ?? current?.url ?? '',
      component: showsPage ? (input.component ?? current?.component ?? '') : '',
    };
    const before = current ?? { menu_type: showsPage ? 'tab' : null, url: '', component: '' };
    checkPageChange(operator, before, opens);
    if (!current || opens.url !== current.url || opens.menu_type !== current.menu_type) await this.checkUrl(opens.menu_type, opens.url);
    return {
      pid,
      type: input.type,
      title: input.title,
      title_en: input.title_en ?? '',
      name: input.name,
      path: input.type === 'button' ? '' : input.path || input.name,
      icon: input.icon ?? '',
      ...opens,
      extend: input.extend ?? 'none',
      remark: input.remark ?? '',
      weigh: input.weigh ?? 0,
      status: input.status ?? 1,
      ...this.config.ownFields(input),
    } as unknown as Partial<R>;
  }
}
