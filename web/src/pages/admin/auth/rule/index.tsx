/**
 * Admin rules (/admin/auth/rule): the tree of menu folders, menus and buttons, on the rule tree page both
 * identities share (features/identity/RuleTreePage).
 */
import { RuleTreePage, type RuleIdentity } from '@/features/identity/RuleTreePage';

export const ADMIN_RULES: RuleIdentity = {
  api: '/admin/auth.Rule',
  lang: 'auth.rule',
  types: [
    { value: 'menu_dir', label: 'auth.rule.typeMenuDir', color: 'purple' },
    { value: 'menu', label: 'auth.rule.typeMenu', color: 'arcoblue' },
    { value: 'button', label: 'auth.rule.typeButton', color: 'orange' },
  ],
  pageTypes: ['menu'],
  ownSwitch: { prop: 'keepalive', label: 'auth.rule.keepalive', tabPagesOnly: true, column: { width: 100, hidden: true } },
  titleEnField: false,
  detailed: true,
  // some 170 rules: the top level first, folders open on demand (or with "Expand all")
  collapsed: true,
  // the visible columns fit a 1440 px screen beside the open menu
  columnWidths: { name: 160, type: 110, component: 130 },
  componentColumnHidden: false,
};

export default function RulePage() {
  return <RuleTreePage identity={ADMIN_RULES} />;
}
