/**
 * A menu rule names the page it opens by `component`, a file of the web app. For the pages this product
 * shares with the framework it comes from, the seeded rules carry the framework's own file names, so that
 * framework's unmodified web client opens them; this app maps either kind of name to its own page file.
 */

/** Back-office pages both have: rule name → the framework's component file. */
export const FRAMEWORK_ADMIN_PAGES: Readonly<Record<string, string>> = {
  dashboard: '/src/views/backend/dashboard.vue',
  'auth/admin': '/src/views/backend/auth/admin/index.vue',
  'auth/group': '/src/views/backend/auth/group/index.vue',
  'auth/rule': '/src/views/backend/auth/rule/index.vue',
  'auth/adminLog': '/src/views/backend/auth/adminLog/index.vue',
  'user/user': '/src/views/backend/user/user/index.vue',
  'user/group': '/src/views/backend/user/group/index.vue',
  'user/rule': '/src/views/backend/user/rule/index.vue',
  'user/moneyLog': '/src/views/backend/user/moneyLog/index.vue',
  'user/scoreLog': '/src/views/backend/user/scoreLog/index.vue',
  'routine/config': '/src/views/backend/routine/config/index.vue',
  'routine/attachment': '/src/views/backend/routine/attachment/index.vue',
  'routine/adminInfo': '/src/views/backend/routine/adminInfo.vue',
  'security/dataRecycleLog': '/src/views/backend/security/dataRecycleLog/index.vue',
  'security/sensitiveDataLog': '/src/views/backend/security/sensitiveDataLog/index.vue',
  'security/dataRecycle': '/src/views/backend/security/dataRecycle/index.vue',
  'security/sensitiveData': '/src/views/backend/security/sensitiveData/index.vue',
};

/** Member-center pages both have: rule name → the framework's component file. */
export const FRAMEWORK_MEMBER_PAGES: Readonly<Record<string, string>> = {
  'account/overview': '/src/views/frontend/user/account/overview.vue',
  'account/profile': '/src/views/frontend/user/account/profile.vue',
  'account/changePassword': '/src/views/frontend/user/account/changePassword.vue',
  'account/integral': '/src/views/frontend/user/account/integral.vue',
  'account/balance': '/src/views/frontend/user/account/balance.vue',
};

/**
 * The framework's icons of the pages and folders both have (rule name → the icon name its client renders:
 * Font Awesome `fa fa-…` or Element Plus `el-icon-…`); this app shows each as one of its own icons.
 */
export const FRAMEWORK_ADMIN_ICONS: Readonly<Record<string, string>> = {
  dashboard: 'fa fa-dashboard',
  auth: 'fa fa-group',
  'auth/group': 'fa fa-group',
  'auth/admin': 'el-icon-UserFilled',
  'auth/rule': 'el-icon-Grid',
  'auth/adminLog': 'el-icon-List',
  user: 'fa fa-drivers-license',
  'user/user': 'fa fa-user',
  'user/group': 'fa fa-group',
  'user/rule': 'fa fa-th-list',
  'user/moneyLog': 'el-icon-Money',
  'user/scoreLog': 'el-icon-Discount',
  routine: 'fa fa-cogs',
  'routine/config': 'el-icon-Tools',
  'routine/attachment': 'fa fa-folder',
  'routine/adminInfo': 'fa fa-user',
  security: 'fa fa-shield',
  'security/dataRecycleLog': 'fa fa-database',
  'security/sensitiveDataLog': 'fa fa-expeditedssl',
  'security/dataRecycle': 'fa fa-database',
  'security/sensitiveData': 'fa fa-expeditedssl',
};

export const FRAMEWORK_MEMBER_ICONS: Readonly<Record<string, string>> = {
  account: 'fa fa-user-circle',
  'account/overview': 'fa fa-home',
  'account/profile': 'fa fa-user-circle-o',
  'account/changePassword': 'fa fa-shield',
  'account/integral': 'fa fa-tag',
  'account/balance': 'fa fa-money',
};

/** The framework's icon names this app draws, and the (Arco) icon it draws for each. */
const OWN_ICON_OF: Readonly<Record<string, string>> = {
  'fa fa-dashboard': 'IconDashboard',
  'fa fa-group': 'IconUserGroup',
  'el-icon-UserFilled': 'IconUser',
  'el-icon-Grid': 'IconMenu',
  'el-icon-List': 'IconFile',
  'fa fa-drivers-license': 'IconIdcard',
  'fa fa-user': 'IconUser',
  'fa fa-th-list': 'IconMenu',
  'el-icon-Money': 'IconGift',
  'el-icon-Discount': 'IconTrophy',
  'fa fa-cogs': 'IconSettings',
  'el-icon-Tools': 'IconTool',
  'fa fa-folder': 'IconAttachment',
  'fa fa-shield': 'IconSafe',
  'fa fa-database': 'IconDelete',
  'fa fa-expeditedssl': 'IconLock',
  'fa fa-user-circle': 'IconUser',
  'fa fa-home': 'IconDashboard',
  'fa fa-user-circle-o': 'IconIdcard',
  'fa fa-tag': 'IconTrophy',
  'fa fa-money': 'IconGift',
};

/** The icon this app draws for a rule's icon: a framework name mapped, its own names as they are. */
export function ownIconOf(icon: string): string {
  return OWN_ICON_OF[icon.trim()] ?? icon;
}

/** The page a seeded back-office rule opens: the framework's file where both have the page, else ours. */
export function adminComponentOf(name: string): string {
  return FRAMEWORK_ADMIN_PAGES[name] ?? `/src/pages/admin/${name}/index.tsx`;
}

/** The page a seeded member rule opens: the framework's file where both have the page, else ours. */
export function memberComponentOf(name: string): string {
  return FRAMEWORK_MEMBER_PAGES[name] ?? `/src/pages/user/${name}/index.tsx`;
}

/**
 * This app's page file for a rule's component, as `/src/pages/…/index.tsx`: its own names as they are
 * (backslashes and a missing `/src` forgiven), the framework's `.vue` files mapped —
 * `/src/views/backend/<name>/index.vue` and `/src/views/backend/<name>.vue` to `/src/pages/admin/<name>/index.tsx`,
 * `/src/views/frontend/user/<name>.vue` to `/src/pages/user/<name>/index.tsx`.
 */
export function pageFileOf(component: string): string {
  let path = component.replace(/\\/g, '/').trim();
  if (!path.startsWith('/')) path = `/${path}`;
  if (!path.startsWith('/src/')) path = `/src${path}`;
  const framework = /^\/src\/views\/(backend|frontend\/user)\/(.+?)(?:\/index)?\.vue$/.exec(path);
  if (!framework) return path;
  return `/src/pages/${framework[1] === 'backend' ? 'admin' : 'user'}/${framework[2]}/index.tsx`;
}
