/**
 * The rule tree page of an identity (admin rules /admin/auth/rule, member rules /admin/user/rule): the tree
 * of folders, pages and buttons; add / edit with type, parent, icon, menu type, component / URL, the
 * identity's own switch (keepalive, valid without login), extend, weigh and status. Only a super admin
 * renames a rule (the name is the permission it carries); for anyone else the name is read-only on edit.
 */
import { useState } from 'react';
import { CrudPage, CrudTableStore, STATUS_OPTIONS, YES_NO_OPTIONS, type CrudColumn, type CrudField, type CrudOption } from '@/components/crud';
import { useStore } from '@/stores/context';

/** What differs between the admin and the member rule tree. */
export interface RuleIdentity {
  api: string;
  /** Language prefix of the page's keys (`auth.rule`, `user.rule`). */
  lang: string;
  types: CrudOption[];
  /** Types that show a page or a link (they have a menu type, a component or a URL). */
  pageTypes: readonly string[];
  /** The identity's own switch: prop, whether it shows only on tab pages, its tip, and the list column. */
  ownSwitch: { prop: 'keepalive' | 'no_login_valid'; label: string; tabPagesOnly: boolean; tip?: string; column: Partial<CrudColumn> };
  /** The English title has a field of its own. */
  titleEnField: boolean;
  /** Admin rules carry tips and placeholders on path, URL, component, extend and remark; a component is required. */
  detailed: boolean;
  /** Folders open on demand (a long tree) rather than all at once. */
  collapsed: boolean;
  columnWidths: { name: number; type: number; component: number };
  componentColumnHidden: boolean;
}

export const MENU_TYPE_KEYS = ['tab', 'link', 'iframe'] as const;
const MENU_TYPE_COLORS = { tab: 'green', link: 'cyan', iframe: 'gold' } as const;
const MENU_TYPE_LABELS = { tab: 'menuTypeTab', link: 'menuTypeLink', iframe: 'menuTypeIframe' } as const;

export function menuTypeOptions(lang: string): CrudOption[] {
  return MENU_TYPE_KEYS.map((value) => ({ value, label: `${lang}.${MENU_TYPE_LABELS[value]}`, color: MENU_TYPE_COLORS[value] }));
}

export function extendOptions(lang: string): CrudOption[] {
  return [
    { value: 'none', label: `${lang}.extendNone` },
    { value: 'add_rules_only', label: `${lang}.extendRulesOnly` },
    { value: 'add_menu_only', label: `${lang}.extendMenuOnly` },
  ];
}

export function ruleColumns(identity: RuleIdentity): CrudColumn[] {
  const { lang } = identity;
  const columns: CrudColumn[] = [
    { prop: 'title', label: `${lang}.title`, minWidth: 200, ellipsis: true },
    { prop: 'icon', label: `${lang}.icon`, render: 'icon', width: 64 },
    { prop: 'name', label: `${lang}.name`, minWidth: identity.columnWidths.name, ellipsis: true },
    { prop: 'type', label: `${lang}.type`, render: 'tag', options: identity.types, width: identity.columnWidths.type },
    { prop: 'menu_type', label: `${lang}.menuType`, render: 'tag', options: menuTypeOptions(lang), width: 100 },
    { prop: 'component', label: `${lang}.component`, minWidth: identity.columnWidths.component, ellipsis: true, ...(identity.componentColumnHidden ? { hidden: true } : {}) },
    { prop: identity.ownSwitch.prop, label: identity.ownSwitch.label, render: 'tag', options: YES_NO_OPTIONS, ...identity.ownSwitch.column },
    { prop: 'weigh', label: `${lang}.weigh`, width: 76 },
    { prop: 'status', label: `${lang}.status`, render: 'tag', options: STATUS_OPTIONS, width: 90 },
  ];
  if (identity.detailed) columns.push({ prop: 'updatetime', label: `${lang}.updatetime`, render: 'datetime', width: 180, hidden: true });
  columns.push({ prop: 'createtime', label: `${lang}.createtime`, render: 'datetime', width: 180, hidden: true });
  return columns;
}

export function ruleFields(identity: RuleIdentity): CrudField[] {
  const { lang, detailed, ownSwitch } = identity;
  const shows = (v: Record<string, any>) => identity.pageTypes.includes(v.type);
  const notButton = (v: Record<string, any>) => v.type !== 'button';
  const menuType = (v: Record<string, any>) => v.menu_type ?? 'tab';
  const tip = (key: string) => (detailed ? { tip: `${lang}.${key}` } : {});
  const placeholder = (key: string) => (detailed ? { placeholder: `${lang}.${key}` } : {});
  return [
    { prop: 'type', label: `${lang}.type`, type: 'radio', options: identity.types, defaultValue: 'menu', rules: ['required'] },
    {
      prop: 'pid',
      label: `${lang}.parent`,
      type: 'treeSelect',
      remote: { url: `${identity.api}/index`, labelField: 'title' },
      rootValue: 0,
      defaultValue: 0,
      toForm: (v) => (v === null || v === undefined || v === '' ? 0 : v),
    },
    { prop: 'title', label: `${lang}.title`, type: 'input', rules: ['required'] },
    ...(identity.titleEnField ? [{ prop: 'title_en', label: `${lang}.titleEn`, type: 'input' } as CrudField] : []),
    { prop: 'name', label: `${lang}.name`, type: 'input', rules: ['required'], placeholder: `${lang}.namePlaceholder`, tip: `${lang}.nameTip` },
    { prop: 'path', label: `${lang}.path`, type: 'input', visible: notButton, placeholder: `${lang}.pathPlaceholder`, ...tip('pathTip') },
    { prop: 'icon', label: `${lang}.icon`, type: 'iconSelect', visible: notButton },
    { prop: 'menu_type', label: `${lang}.menuType`, type: 'radio', options: menuTypeOptions(lang), defaultValue: 'tab', visible: shows },
    { prop: 'url', label: `${lang}.url`, type: 'input', rules: ['required', 'url'], ...placeholder('urlPlaceholder'), visible: (v) => shows(v) && menuType(v) !== 'tab' },
    {
      prop: 'component',
      label: `${lang}.component`,
      type: 'input',
      ...(detailed ? { rules: ['required'] } : {}),
      placeholder: `${lang}.componentPlaceholder`,
      ...tip('componentTip'),
      visible: (v) => shows(v) && menuType(v) === 'tab',
    },
    {
      prop: ownSwitch.prop,
      label: ownSwitch.label,
      type: 'switch',
      defaultValue: 0,
      ...(ownSwitch.tip ? { tip: ownSwitch.tip } : {}),
      ...(ownSwitch.tabPagesOnly ? { visible: (v: Record<string, any>) => shows(v) && menuType(v) === 'tab' } : {}),
    },
    { prop: 'extend', label: `${lang}.extend`, type: 'select', options: extendOptions(lang), defaultValue: 'none', visible: notButton, ...tip('extendTip') },
    { prop: 'remark', label: `${lang}.remark`, type: 'textarea', ...placeholder('remarkPlaceholder') },
    { prop: 'weigh', label: `${lang}.weigh`, type: 'number', defaultValue: 0, rules: ['integer'] },
    { prop: 'status', label: `${lang}.status`, type: 'switch', defaultValue: 1 },
  ];
}

/**
 * Groups grant rules by id and the server reads a rule's name as the permission it carries, so only a
 * super admin may rename a rule (the server refuses anyone else): for them the name is read-only on edit.
 */
export function withRuleNameLock(fields: CrudField[], isSuper: boolean, lockedTip: string): CrudField[] {
  if (isSuper) return fields;
  return fields.map((field) =>
    field.prop !== 'name'
      ? field
      : { ...field, disabled: (mode) => mode === 'edit', tip: (mode) => (mode === 'edit' ? lockedTip : (field.tip as string | undefined)) },
  );
}

export function RuleTreePage({ identity }: { identity: RuleIdentity }) {
  const root = useStore();
  const { lang } = identity;
  const [store] = useState(
    () =>
      new CrudTableStore(root, {
        api: identity.api,
        tree: true,
        ...(identity.collapsed ? { expandAll: false } : {}),
        columns: ruleColumns(identity),
        fields: withRuleNameLock(ruleFields(identity), root.adminInfo.super, `${lang}.nameLockedTip`),
        quickSearchFields: [`${lang}.title`, `${lang}.name`],
      }),
  );
  return (
    <CrudPage
      store={store}
      entity={`${lang}.rule`}
      toolbar={['refresh', 'add', 'delete', 'expand', 'quickSearch', 'columns']}
      rowButtons={['weigh-sort', 'edit', 'delete']}
      formWidth={640}
    />
  );
}
