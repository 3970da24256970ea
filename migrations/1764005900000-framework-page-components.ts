import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The seeded menu rules of the pages this product shares with the framework it comes from carry the
 * framework's own component files (the app maps them to its pages), so the framework's unmodified web client
 * opens them. Only rules still naming the page this app seeded are changed; a component someone edited stays.
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

export class FrameworkPageComponents1764005900000 implements MigrationInterface {
  name = 'FrameworkPageComponents1764005900000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const [name, framework] of ADMIN) await queryRunner.query('UPDATE admin_rule SET component = ? WHERE name = ? AND component = ?', [framework, name, `/src/pages/admin/${name}/index.tsx`]);
    for (const [name, framework] of MEMBER) await queryRunner.query('UPDATE user_rule SET component = ? WHERE name = ? AND component = ?', [framework, name, `/src/pages/user/${name}/index.tsx`]);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const [name, framework] of ADMIN) await queryRunner.query('UPDATE admin_rule SET component = ? WHERE name = ? AND component = ?', [`/src/pages/admin/${name}/index.tsx`, name, framework]);
    for (const [name, framework] of MEMBER) await queryRunner.query('UPDATE user_rule SET component = ? WHERE name = ? AND component = ?', [`/src/pages/user/${name}/index.tsx`, name, framework]);
  }
}
