/**
 * Member rules (/admin/user/rule): the tree of front routes, member-center folders and menus, top-bar items,
 * user-menu items and buttons, on the rule tree page both identities share (features/identity/RuleTreePage).
 */
import { RuleTreePage, type RuleIdentity } from '@/features/identity/RuleTreePage';

export const MEMBER_RULES: RuleIdentity = {
  api: '/admin/user.Rule',
  lang: 'user.rule',
  types: [
    { value: 'route', label: 'user.rule.typeRoute', color: 'cyan' },
    { value: 'menu_dir', label: 'user.rule.typeMenuDir', color: 'purple' },
    { value: 'menu', label: 'user.rule.typeMenu', color: 'arcoblue' },
    { value: 'nav_user_menu', label: 'user.rule.typeNavUserMenu', color: 'gold' },
    { value: 'nav', label: 'user.rule.typeNav', color: 'green' },
    { value: 'button', label: 'user.rule.typeButton', color: 'orange' },
  ],
  pageTypes: ['menu', 'route', 'nav', 'nav_user_menu'],
  ownSwitch: { prop: 'no_login_valid', label: 'user.rule.noLoginValid', tabPagesOnly: false, tip: 'user.rule.noLoginValidTip', column: { width: 150 } },
  titleEnField: true,
  detailed: false,
  collapsed: false,
  columnWidths: { name: 170, type: 130, component: 150 },
  componentColumnHidden: true,
};

export default function MemberRulePage() {
  return <RuleTreePage identity={MEMBER_RULES} />;
}
