import type { MenuRuleNode, MenuRuleType, MenuType } from '../../../../contract/accounts';
import { ruleTitle } from './rule-title';

/** A rule as the web app receives it in its menus, routes and buttons (admin or member, contract/accounts.ts), before the identity's own fields. */
export type MenuNodeBase = Omit<MenuRuleNode, 'keepalive' | 'no_login_valid' | 'children'>;

/** The fields every rule row has that a menu node shows (the row's type and menu type are the contract's values). */
type MenuRuleRow = Omit<MenuNodeBase, 'title' | 'type' | 'menu_type'> & { title: string; title_en: string; type: string; menu_type: string | null };

export function menuNodeBase(rule: MenuRuleRow): MenuNodeBase {
  return {
    id: rule.id,
    pid: rule.pid,
    weigh: rule.weigh,
    type: rule.type as MenuRuleType,
    title: ruleTitle(rule),
    name: rule.name,
    path: rule.path,
    icon: rule.icon,
    menu_type: rule.menu_type as MenuType | null,
    url: rule.url,
    component: rule.component,
    extend: rule.extend,
  };
}
