import { Injectable } from '@nestjs/common';
import { buildTree, Tree } from '../domain/rule-tree';
import { menuNodeBase, MenuNodeBase } from '../identity/menu-node';
import { AdminRuleEntity } from '../persistence/admin-rule.entity';
import { AdminAccessService } from './admin-access.service';

/** An admin rule as the back office receives it: a kept-alive page names itself in `keepalive`. */
export interface MenuNode extends MenuNodeBase {
  keepalive: string | 0;
}

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
  return { ...menuNodeBase(rule), keepalive: rule.keepalive ? rule.name : 0 };
}
