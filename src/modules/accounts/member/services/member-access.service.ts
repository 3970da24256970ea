import { Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import { TransactionRunner } from '../../../../shared/database/transaction-runner';
import { AuthMember } from '../../../../shared/http/auth.decorators';
import { ModuleRegistry } from '../../../../shared/modules/module-registry';
import { buildTree, parseRuleIds, Tree } from '../../domain/rule-tree';
import { menuNodeBase, MenuNodeBase } from '../../identity/menu-node';
import { UserGroupEntity } from '../persistence/user-group.entity';
import { UserRuleEntity } from '../persistence/user-rule.entity';
import { UserEntity } from '../persistence/user.entity';

export interface MemberRights {
  isSuper: boolean;
  /** The enabled rules of the member's (enabled) group; every enabled rule for a `*` group. */
  rules: UserRuleEntity[];
}

/** A member rule as the front end receives it (member-center menus, routes, buttons). */
export interface MemberMenuNode extends MenuNodeBase {
  keepalive: 0;
  no_login_valid: number;
}

export function toMemberMenuNode(rule: UserRuleEntity): MemberMenuNode {
  return { ...menuNodeBase(rule), keepalive: 0, no_login_valid: rule.no_login_valid };
}

/** What a member may do: its group (when enabled) → the group's enabled rules, `*` meaning all. */
@Injectable()
export class MemberAccessService {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly modules: ModuleRegistry,
  ) {}

  async rightsOfGroup(groupId: number): Promise<MemberRights> {
    const manager = this.transactions.manager;
    const group = groupId ? await manager.findOne(UserGroupEntity, { where: { id: groupId, status: 1 } }) : null;
    if (!group) return { isSuper: false, rules: [] };
    const parsed = parseRuleIds(group.rules);
    if (parsed.all) return { isSuper: true, rules: await manager.find(UserRuleEntity, { where: { status: 1 } }) };
    return { isSuper: false, rules: parsed.ids.length ? await manager.find(UserRuleEntity, { where: { status: 1, id: In(parsed.ids) } }) : [] };
  }

  /** The signed-in member of a request, or null when the account is missing or disabled. */
  async authMember(memberId: number, tokenId: string): Promise<AuthMember | null> {
    const member = await this.transactions.manager.findOne(UserEntity, { where: { id: memberId, status: 1 }, select: { id: true, username: true, group_id: true } });
    if (!member) return null;
    const rights = await this.rightsOfGroup(member.group_id);
    return {
      id: member.id,
      username: member.username,
      tokenId,
      isSuper: rights.isSuper,
      nodes: new Set(rights.rules.map((r) => r.name.toLowerCase())),
    };
  }

  /** The member's whole rule tree (menus, routes, buttons), ordered weigh desc, id asc. */
  async ruleTree(memberId: number): Promise<Tree<MemberMenuNode>[]> {
    const member = await this.transactions.manager.findOne(UserEntity, { where: { id: memberId }, select: { id: true, group_id: true } });
    if (!member) return [];
    const [{ rules }, shown] = await Promise.all([this.rightsOfGroup(member.group_id), this.modules.menuFilter()]);
    return buildTree(rules.filter((rule) => shown(rule.name)).map(toMemberMenuNode));
  }

  /**
   * The front bootstrap's split: top-level `menu_dir` nodes are the
   * member-center menus; other top-level nodes except plain `menu` are front rules (routes, nav, buttons).
   */
  splitTree(tree: Tree<MemberMenuNode>[]): { menus: Tree<MemberMenuNode>[]; rules: Tree<MemberMenuNode>[] } {
    return {
      menus: tree.filter((n) => n.type === 'menu_dir'),
      rules: tree.filter((n) => n.type !== 'menu_dir' && n.type !== 'menu'),
    };
  }

  /** For visitors: enabled route / nav / button rules marked `no_login_valid`. */
  async visitorRules(): Promise<Tree<MemberMenuNode>[]> {
    const rules = await this.transactions.manager.find(UserRuleEntity, { where: { status: 1, no_login_valid: 1, type: In(['route', 'nav', 'button']) } });
    const shown = await this.modules.menuFilter();
    return buildTree(rules.filter((rule) => shown(rule.name)).map(toMemberMenuNode));
  }
}
