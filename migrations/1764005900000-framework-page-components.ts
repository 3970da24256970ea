import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The seeded menu rules of the pages this product shares with the framework it comes from carry the
 * framework's own component files and icon names (the app maps them to its pages and icons), so the
 * framework's unmodified web client opens and draws them. Only rules still naming the page or icon this app
 * seeded are changed; a component or icon someone edited stays.
 * The table is frozen here: a later change of the app's list does not change this migration.
 */
const ADMIN: ReadonlyArray<[string, string]> = [
  ['dashboard', '/src/views/backend/dashboard.vue'],
  ['auth/admin', '/src/views/backend/auth/admin/index.vue'],
  ['auth/group', '/src/views/backend/auth/group/index.vue'],
  ['auth/rule', '/src/views/backend/auth/rule/index.vue'],
  ['auth/adminLog', '/src/views/backend/auth/adminLog/index.vue'],
  ['user/user', '/src/views/backend/user/user/index.vue'],
  ['user/group', '/src/views/backend/user/group/index.vue'],
  ['user/rule', '/src/views/backend/user/rule/index.vue'],
  ['user/moneyLog', '/src/views/backend/user/moneyLog/index.vue'],
  ['user/scoreLog', '/src/views/backend/user/scoreLog/index.vue'],
  ['routine/config', '/src/views/backend/routine/config/index.vue'],
  ['routine/attachment', '/src/views/backend/routine/attachment/index.vue'],
  ['routine/adminInfo', '/src/views/backend/routine/adminInfo.vue'],
  ['security/dataRecycleLog', '/src/views/backend/security/dataRecycleLog/index.vue'],
  ['security/sensitiveDataLog', '/src/views/backend/security/sensitiveDataLog/index.vue'],
  ['security/dataRecycle', '/src/views/backend/security/dataRecycle/index.vue'],
  ['security/sensitiveData', '/src/views/backend/security/sensitiveData/index.vue'],
];

const MEMBER: ReadonlyArray<[string, string]> = [
  ['account/overview', '/src/views/frontend/user/account/overview.vue'],
  ['account/profile', '/src/views/frontend/user/account/profile.vue'],
  ['account/changePassword', '/src/views/frontend/user/account/changePassword.vue'],
  ['account/integral', '/src/views/frontend/user/account/integral.vue'],
  ['account/balance', '/src/views/frontend/user/account/balance.vue'],
];

/** [rule name, the icon this app seeded, the framework's icon] */
const ADMIN_ICONS: ReadonlyArray<[string, string, string]> = [
  ['dashboard', 'IconDashboard', 'fa fa-dashboard'],
  ['auth', 'IconLock', 'fa fa-group'],
  ['auth/group', 'IconUserGroup', 'fa fa-group'],
  ['auth/admin', 'IconUser', 'el-icon-UserFilled'],
  ['auth/rule', 'IconMenu', 'el-icon-Grid'],
  ['auth/adminLog', 'IconFile', 'el-icon-List'],
  ['user', 'IconUserGroup', 'fa fa-drivers-license'],
  ['user/user', 'IconUser', 'fa fa-user'],
  ['user/group', 'IconUserGroup', 'fa fa-group'],
  ['user/rule', 'IconMenu', 'fa fa-th-list'],
  ['user/moneyLog', 'IconGift', 'el-icon-Money'],
  ['user/scoreLog', 'IconTrophy', 'el-icon-Discount'],
  ['routine', 'IconSettings', 'fa fa-cogs'],
  ['routine/config', 'IconTool', 'el-icon-Tools'],
  ['routine/attachment', 'IconAttachment', 'fa fa-folder'],
  ['routine/adminInfo', 'IconIdcard', 'fa fa-user'],
  ['security', 'IconSafe', 'fa fa-shield'],
  ['security/dataRecycleLog', 'IconDelete', 'fa fa-database'],
  ['security/sensitiveDataLog', 'IconEye', 'fa fa-expeditedssl'],
  ['security/dataRecycle', 'IconSettings', 'fa fa-database'],
  ['security/sensitiveData', 'IconLock', 'fa fa-expeditedssl'],
];

const MEMBER_ICONS: ReadonlyArray<[string, string, string]> = [
  ['account', 'IconUser', 'fa fa-user-circle'],
  ['account/overview', 'IconDashboard', 'fa fa-home'],
  ['account/profile', 'IconIdcard', 'fa fa-user-circle-o'],
  ['account/changePassword', 'IconLock', 'fa fa-shield'],
  ['account/integral', 'IconTrophy', 'fa fa-tag'],
  ['account/balance', 'IconGift', 'fa fa-money'],
];

export class FrameworkPageComponents1764005900000 implements MigrationInterface {
  name = 'FrameworkPageComponents1764005900000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const [name, framework] of ADMIN) await queryRunner.query('UPDATE admin_rule SET component = ? WHERE name = ? AND component = ?', [framework, name, `/src/pages/admin/${name}/index.tsx`]);
    for (const [name, framework] of MEMBER) await queryRunner.query('UPDATE user_rule SET component = ? WHERE name = ? AND component = ?', [framework, name, `/src/pages/user/${name}/index.tsx`]);
    for (const [name, ours, framework] of ADMIN_ICONS) await queryRunner.query('UPDATE admin_rule SET icon = ? WHERE name = ? AND icon = ?', [framework, name, ours]);
    for (const [name, ours, framework] of MEMBER_ICONS) await queryRunner.query('UPDATE user_rule SET icon = ? WHERE name = ? AND icon = ?', [framework, name, ours]);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const [name, framework] of ADMIN) await queryRunner.query('UPDATE admin_rule SET component = ? WHERE name = ? AND component = ?', [`/src/pages/admin/${name}/index.tsx`, name, framework]);
    for (const [name, framework] of MEMBER) await queryRunner.query('UPDATE user_rule SET component = ? WHERE name = ? AND component = ?', [`/src/pages/user/${name}/index.tsx`, name, framework]);
    for (const [name, ours, framework] of ADMIN_ICONS) await queryRunner.query('UPDATE admin_rule SET icon = ? WHERE name = ? AND icon = ?', [ours, name, framework]);
    for (const [name, ours, framework] of MEMBER_ICONS) await queryRunner.query('UPDATE user_rule SET icon = ? WHERE name = ? AND icon = ?', [ours, name, framework]);
  }
}
