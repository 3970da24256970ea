import { ruleTitle } from './rule-title';

/** A rule as the web app receives it in its menus, routes and buttons (admin or member), before the identity's own fields. */
export interface MenuNodeBase {
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
  extend: string;
}

/** The fields every rule row has that a menu node shows. */
type MenuRuleRow = Omit<MenuNodeBase, 'title'> & { title: string; title_en: string };

export function menuNodeBase(rule: MenuRuleRow): MenuNodeBase {
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
    extend: rule.extend,
  };
}
