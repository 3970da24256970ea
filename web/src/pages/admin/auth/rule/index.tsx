/**
 * Menu rules (/admin/auth/rule): tree of menu folders, menus and buttons; add / edit with type, parent,
 * icon picker, menu type, component / URL, keepalive, extend, weigh and status.
 */
import { useState } from 'react';
import { CrudPage, CrudTableStore, STATUS_OPTIONS, YES_NO_OPTIONS, type CrudColumn, type CrudField, type CrudOption } from '@/components/crud';
import { useStore } from '@/stores/context';
import { withRuleNameLock } from './name-lock';

export const RULE_API = '/admin/auth.Rule';

export const RULE_TYPE_OPTIONS: CrudOption[] = [
  { value: 'menu_dir', label: 'auth.rule.typeMenuDir', color: 'purple' },
  { value: 'menu', label: 'auth.rule.typeMenu', color: 'arcoblue' },
  { value: 'button', label: 'auth.rule.typeButton', color: 'orange' },
];

export const MENU_TYPE_OPTIONS: CrudOption[] = [
  { value: 'tab', label: 'auth.rule.menuTypeTab', color: 'green' },
  { value: 'link', label: 'auth.rule.menuTypeLink', color: 'cyan' },
  { value: 'iframe', label: 'auth.rule.menuTypeIframe', color: 'gold' },
];

export const EXTEND_OPTIONS: CrudOption[] = [
  { value: 'none', label: 'auth.rule.extendNone' },
  { value: 'add_rules_only', label: 'auth.rule.extendRulesOnly' },
  { value: 'add_menu_only', label: 'auth.rule.extendMenuOnly' },
];

// widths: the visible columns fit a 1440 px screen beside the open menu. Status is shown, not switched in the
// list: auth.Rule edit takes the whole rule, so it is changed in the edit drawer.
export const ruleColumns: CrudColumn[] = [
  { prop: 'title', label: 'auth.rule.title', minWidth: 200, ellipsis: true },
  { prop: 'icon', label: 'auth.rule.icon', render: 'icon', width: 64 },
  { prop: 'name', label: 'auth.rule.name', minWidth: 160, ellipsis: true },
  { prop: 'type', label: 'auth.rule.type', render: 'tag', options: RULE_TYPE_OPTIONS, width: 110 },
  { prop: 'menu_type', label: 'auth.rule.menuType', render: 'tag', options: MENU_TYPE_OPTIONS, width: 100 },
  { prop: 'component', label: 'auth.rule.component', minWidth: 130, ellipsis: true },
  { prop: 'keepalive', label: 'auth.rule.keepalive', render: 'tag', options: YES_NO_OPTIONS, width: 100, hidden: true },
  { prop: 'weigh', label: 'auth.rule.weigh', width: 76 },
  { prop: 'status', label: 'auth.rule.status', render: 'tag', options: STATUS_OPTIONS, width: 90 },
  { prop: 'updatetime', label: 'auth.rule.updatetime', render: 'datetime', width: 180, hidden: true },
  { prop: 'createtime', label: 'auth.rule.createtime', render: 'datetime', width: 180, hidden: true },
];

const isMenu = (v: Record<string, any>) => v.type === 'menu';
const notButton = (v: Record<string, any>) => v.type !== 'button';
const menuType = (v: Record<string, any>) => v.menu_type ?? 'tab';

export const ruleFields: CrudField[] = [
  { prop: 'type', label: 'auth.rule.type', type: 'radio', options: RULE_TYPE_OPTIONS, defaultValue: 'menu', rules: ['required'] },
  {
    prop: 'pid',
    label: 'auth.rule.parent',
    type: 'treeSelect',
    remote: { url: `${RULE_API}/index`, labelField: 'title' },
    rootValue: 0,
    defaultValue: 0,
    toForm: (v) => (v === null || v === undefined || v === '' ? 0 : v),
  },
  { prop: 'title', label: 'auth.rule.title', type: 'input', rules: ['required'] },
  { prop: 'name', label: 'auth.rule.name', type: 'input', rules: ['required'], placeholder: 'auth.rule.namePlaceholder', tip: 'auth.rule.nameTip' },
  { prop: 'path', label: 'auth.rule.path', type: 'input', visible: notButton, placeholder: 'auth.rule.pathPlaceholder', tip: 'auth.rule.pathTip' },
  { prop: 'icon', label: 'auth.rule.icon', type: 'iconSelect', visible: notButton },
  { prop: 'menu_type', label: 'auth.rule.menuType', type: 'radio', options: MENU_TYPE_OPTIONS, defaultValue: 'tab', visible: isMenu },
  {
    prop: 'url',
    label: 'auth.rule.url',
    type: 'input',
    rules: ['required', 'url'],
    placeholder: 'auth.rule.urlPlaceholder',
    visible: (v) => isMenu(v) && menuType(v) !== 'tab',
  },
  {
    prop: 'component',
    label: 'auth.rule.component',
    type: 'input',
    rules: ['required'],
    placeholder: 'auth.rule.componentPlaceholder',
    tip: 'auth.rule.componentTip',
    visible: (v) => isMenu(v) && menuType(v) === 'tab',
  },
  { prop: 'keepalive', label: 'auth.rule.keepalive', type: 'switch', defaultValue: 0, visible: (v) => isMenu(v) && menuType(v) === 'tab' },
  { prop: 'extend', label: 'auth.rule.extend', type: 'select', options: EXTEND_OPTIONS, defaultValue: 'none', visible: notButton, tip: 'auth.rule.extendTip' },
  { prop: 'remark', label: 'auth.rule.remark', type: 'textarea', placeholder: 'auth.rule.remarkPlaceholder' },
  { prop: 'weigh', label: 'auth.rule.weigh', type: 'number', defaultValue: 0, rules: ['integer'] },
  { prop: 'status', label: 'auth.rule.status', type: 'switch', defaultValue: 1 },
];

export default function RulePage() {
  const root = useStore();
  const [store] = useState(
    () =>
      new CrudTableStore(root, {
        api: RULE_API,
        tree: true,
        // some 170 rules: the top level first, folders open on demand (or with "Expand all")
        expandAll: false,
        columns: ruleColumns,
        fields: withRuleNameLock(ruleFields, root.adminInfo.super, 'auth.rule.nameLockedTip'),
        quickSearchFields: ['auth.rule.title', 'auth.rule.name'],
      }),
  );
  return (
    <CrudPage
      store={store}
      entity="auth.rule.rule"
      toolbar={['refresh', 'add', 'delete', 'expand', 'quickSearch', 'columns']}
      rowButtons={['weigh-sort', 'edit', 'delete']}
      formWidth={640}
    />
  );
}
