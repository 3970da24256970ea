import { Injectable } from '@nestjs/common';
import { I18nContext } from 'nestjs-i18n';
import { buildTree, Tree } from '../domain/rule-tree';
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

/** A rule's title in the request's language; rules added without an English title keep their own. */
export function ruleTitle(rule: Pick<AdminRuleEntity, 'title' | 'title_en'>, lang = I18nContext.current()?.lang): string {
  return lang === 'en' && rule.title_en ? rule.title_en : rule.title;
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
