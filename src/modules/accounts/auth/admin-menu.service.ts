import { Injectable } from '@nestjs/common';
import { buildTree, Tree } from '../domain/rule-tree';
import { ruleTitle } from '../identity/rule-title';
import { AdminRuleEntity } from '../persistence/admin-rule.entity';
import { AdminAccessService } from './admin-access.service';

export interface MenuNode {
  id: number;
  pid: number;
  weigh: number;
  type: string;
  title: string;
  name: string;
  path: string;
  icon: string;
  menu_type: string | null;
  url: string;
  component: string;
  keepalive: string | 0;
  extend: string;
}

export { ruleTitle } from '../identity/rule-title';

@Injectable()
export class AdminMenuService {
  constructor(private readonly access: AdminAccessService) {}

  /** The admin's enabled rules as a tree, buttons included (the front end derives button rights from them). */
  async menuTree(adminId: number): Promise<Tree<MenuNode>[]> {
    const { rules } = await this.access.rightsOf(adminId);
    return buildTree(rules.map(toMenuNode));
  }
}

function toMenuNode(rule: AdminRuleEntity): MenuNode {
  return {
    id: rule.id,
    pid: rule.pid,
    weigh: rule.weigh,
    type: rule.type,
    title: ruleTitle(rule),
    name: rule.name,
    path: rule.path,
    icon: rule.icon,
    menu_type: rule.menu_type,
    url: rule.url,
    component: rule.component,
    keepalive: rule.keepalive ? rule.name : 0,
    extend: rule.extend,
  };
}
