import { Injectable } from '@nestjs/common';
import { buildTree, Tree } from '../domain/rule-tree';
import { menuNodeBase, MenuNodeBase } from '../identity/menu-node';
import { AdminRuleEntity } from '../persistence/admin-rule.entity';
import { ModuleRegistry } from '../../../shared/modules/module-registry';
import { AdminAccessService } from './admin-access.service';

/** An admin rule as the back office receives it: a kept-alive page names itself in `keepalive`. */
export interface MenuNode extends MenuNodeBase {
  keepalive: string | 0;
}

@Injectable()
export class AdminMenuService {
  constructor(
    private readonly access: AdminAccessService,
    private readonly modules: ModuleRegistry,
  ) {}

  /**
   * The admin's enabled rules as a tree, buttons included (the front end derives button rights from them),
   * without the menus of disabled modules.
   */
  async menuTree(adminId: number): Promise<Tree<MenuNode>[]> {
    const [{ rules }, shown] = await Promise.all([this.access.rightsOf(adminId), this.modules.menuFilter()]);
    return buildTree(rules.filter((rule) => shown(rule.name)).map(toMenuNode));
  }
}

function toMenuNode(rule: AdminRuleEntity): MenuNode {
  return { ...menuNodeBase(rule), keepalive: rule.keepalive ? rule.name : 0 };
}
