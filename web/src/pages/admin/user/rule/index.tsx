/**
 * Member rules (/admin/user/rule): the tree of front routes, member-center folders and menus, top-bar items,
 * user-menu items and buttons; add / edit with type, parent, icon, menu type, component / URL, "valid
 * without login", weigh and status.
 */
import { useState } from 'react';
import { CrudPage, CrudTableStore, STATUS_OPTIONS, YES_NO_OPTIONS, type CrudColumn, type CrudField, type CrudOption } from '@/components/crud';
import { withRuleNameLock } from '@/pages/admin/auth/rule/name-lock';
import { useStore } from '@/stores/context';

export const MEMBER_RULE_API = '/admin/user.Rule';

export const MEMBER_RULE_TYPES: CrudOption[] = [
  { value: 'route', label: 'user.rule.typeRoute', color: 'cyan' },
  { value: 'menu_dir', label: 'user.rule.typeMenuDir', color: 'purple' },
  { value: 'menu', label: 'user.rule.typeMenu', color: 'arcoblue' },
  { value: 'nav_user_menu', label: 'user.rule.typeNavUserMenu', color: 'gold' },
  { value: 'nav', label: 'user.rule.typeNav', color: 'green' },
  { value: 'button', label: 'user.rule.typeButton', color: 'orange' },
];

export const MEMBER_MENU_TYPES: CrudOption[] = [
  { value: 'tab', label: 'user.rule.menuTypeTab', color: 'green' },
  { value: 'link', label: 'user.rule.menuTypeLink', color: 'cyan' },
  { value: 'iframe', label: 'user.rule.menuTypeIframe', color: 'gold' },
];

const routed = (v: Record<string, any>) => ['menu', 'route', 'nav', 'nav_user_menu'].includes(v.type);
const notButton = (v: Record<string, any>) => v.type !== 'button';
const menuType = (v: Record<string, any>) => v.menu_type ?? 'tab';

export const memberRuleColumns: CrudColumn[] = [
  { prop: 'title', label: 'user.rule.title', minWidth: 200, ellipsis: true },
  { prop: 'icon', label: 'user.rule.icon', render: 'icon', width: 64 },
  { prop: 'name', label: 'user.rule.name', minWidth: 170, ellipsis: true },
  { prop: 'type', label: 'user.rule.type', render: 'tag', options: MEMBER_RULE_TYPES, width: 130 },
  { prop: 'menu_type', label: 'user.rule.menuType', render: 'tag', options: MEMBER_MENU_TYPES, width: 100 },
  { prop: 'component', label: 'user.rule.component', minWidth: 150, ellipsis: true, hidden: true },
  { prop: 'no_login_valid', label: 'user.rule.noLoginValid', render: 'tag', options: YES_NO_OPTIONS, width: 150 },
  { prop: 'weigh', label: 'user.rule.weigh', width: 76 },
  { prop: 'status', label: 'user.rule.status', render: 'tag', options: STATUS_OPTIONS, width: 90 },
  { prop: 'createtime', label: 'user.rule.createtime', render: 'datetime', width: 180, hidden: true },
];

export const memberRuleFields: CrudField[] = [
  { prop: 'type', label: 'user.rule.type', type: 'radio', options: MEMBER_RULE_TYPES, defaultValue: 'menu', rules: ['required'] },
  {
    prop: 'pid',
    label: 'user.rule.parent',
    type: 'treeSelect',
    remote: { url: `${MEMBER_RULE_API}/index`, labelField: 'title' },
    rootValue: 0,
    defaultValue: 0,
    toForm: (v) => (v === null || v === undefined || v === '' ? 0 : v),
  },
  { prop: 'title', label: 'user.rule.title', type: 'input', rules: ['required'] },
  { prop: 'title_en', label: 'user.rule.titleEn', type: 'input' },
  { prop: 'name', label: 'user.rule.name', type: 'input', rules: ['required'], placeholder: 'user.rule.namePlaceholder', tip: 'user.rule.nameTip' },
  { prop: 'path', label: 'user.rule.path', type: 'input', visible: notButton, placeholder: 'user.rule.pathPlaceholder' },
  { prop: 'icon', label: 'user.rule.icon', type: 'iconSelect', visible: notButton },
  { prop: 'menu_type', label: 'user.rule.menuType', type: 'radio', options: MEMBER_MENU_TYPES, defaultValue: 'tab', visible: routed },
  { prop: 'url', label: 'user.rule.url', type: 'input', rules: ['required', 'url'], visible: (v) => routed(v) && menuType(v) !== 'tab' },
  {
    prop: 'component',
    label: 'user.rule.component',
    type: 'input',
    placeholder: 'user.rule.componentPlaceholder',
    visible: (v) => routed(v) && menuType(v) === 'tab',
  },
  { prop: 'no_login_valid', label: 'user.rule.noLoginValid', type: 'switch', defaultValue: 0, tip: 'user.rule.noLoginValidTip' },
  { prop: 'extend', label: 'user.rule.extend', type: 'select', options: [
    { value: 'none', label: 'user.rule.extendNone' },
    { value: 'add_rules_only', label: 'user.rule.extendRulesOnly' },
    { value: 'add_menu_only', label: 'user.rule.extendMenuOnly' },
  ], defaultValue: 'none', visible: notButton },
  { prop: 'remark', label: 'user.rule.remark', type: 'textarea' },
  { prop: 'weigh', label: 'user.rule.weigh', type: 'number', defaultValue: 0, rules: ['integer'] },
  { prop: 'status', label: 'user.rule.status', type: 'switch', defaultValue: 1 },
];

export default function MemberRulePage() {
  const root = useStore();
  const [store] = useState(
    () =>
      new CrudTableStore(root, {
        api: MEMBER_RULE_API,
        tree: true,
        columns: memberRuleColumns,
        fields: withRuleNameLock(memberRuleFields, root.adminInfo.super, 'user.rule.nameLockedTip'),
        quickSearchFields: ['user.rule.title', 'user.rule.name'],
      }),
  );
  return (
    <CrudPage
      store={store}
      entity="user.rule.rule"
      toolbar={['refresh', 'add', 'delete', 'expand', 'quickSearch', 'columns']}
      rowButtons={['weigh-sort', 'edit', 'delete']}
      formWidth={640}
    />
  );
}
