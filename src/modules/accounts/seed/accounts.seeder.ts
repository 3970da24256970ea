import { FRAMEWORK_ADMIN_ICONS } from '../../../../contract/page-components';
import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { unixNow } from '../../../shared/http/envelope';
import { Seeder, SeedOptions } from '../../../shared/database/seeder';
import { hashPassword } from '../domain/password';
import { AdminEntity } from '../persistence/admin.entity';
import { AdminGroupAccessEntity, AdminGroupEntity } from '../persistence/admin-group.entity';
import { AdminRuleEntity } from '../persistence/admin-rule.entity';
import { MemberSeeder } from '../member/seed/member.seeder';
import { ADMIN_MENUS, BUTTON_TITLES, componentOf, MenuSeed, SEEDED_GROUPS, SUPER_ONLY_RULES } from './admin-rules';

/** The admin `admin`, the seeded groups and the whole back-office rule tree. */
@Injectable()
export class AccountsSeeder implements Seeder {
  readonly name = 'accounts';

  constructor(private readonly members: MemberSeeder) {}

  async seed(manager: EntityManager, options: SeedOptions): Promise<void> {
    const now = unixNow();
    const rules = await this.seedRules(manager, now);
    const groupIds = new Map<string, number>();
    for (const group of SEEDED_GROUPS) {
      const ruleIds = group.key === 'super' ? '*' : rules.filter((r) => group.rules(r.name) && !SUPER_ONLY_RULES.test(r.name)).map((r) => r.id).join(',');
      const { identifiers } = await manager.insert(AdminGroupEntity, {
        pid: group.parent ? groupIds.get(group.parent)! : 0,
        name: group.name,
        rules: ruleIds,
        status: 1,
        createtime: now,
        updatetime: now,
      });
      groupIds.set(group.key, identifiers[0].id);
    }
    const password = options.adminPassword ?? randomBytes(9).toString('base64url');
    const { identifiers } = await manager.insert(AdminEntity, {
      username: 'admin',
      nickname: 'Admin',
      avatar: '',
      email: '',
      mobile: '',
      login_failure: 0,
      lastloginip: '',
      password: await hashPassword(password),
      motto: '',
      status: 1,
      createtime: now,
      updatetime: now,
    });
    await manager.insert(AdminGroupAccessEntity, { uid: identifiers[0].id, group_id: groupIds.get('super')! });
    await this.members.seed(manager);
    if (!options.adminPassword) {
      options.log(`Created the administrator "admin" with the password: ${password}\n(Shown once. Set ADMIN_PASSWORD before the first start to choose it.)`);
    }
  }

  private async seedRules(manager: EntityManager, now: number): Promise<AdminRuleEntity[]> {
    const created: AdminRuleEntity[] = [];
    let weigh = 1000;
    const insert = async (rule: Partial<AdminRuleEntity>) => {
      const row = { pid: 0, icon: '', menu_type: null, url: '', component: '', keepalive: 0, extend: 'none' as const, remark: '', status: 1, createtime: now, updatetime: now, ...rule };
      const { identifiers } = await manager.insert(AdminRuleEntity, row);
      created.push({ ...row, id: identifiers[0].id } as AdminRuleEntity);
      return identifiers[0].id as number;
    };
    const walk = async (menus: MenuSeed[], pid: number) => {
      for (const menu of menus) {
        const isDir = Boolean(menu.children);
        const id = await insert({
          pid,
          type: isDir ? 'menu_dir' : 'menu',
          title: menu.title,
          title_en: menu.title_en,
          name: menu.name,
          path: menu.name,
          icon: FRAMEWORK_ADMIN_ICONS[menu.name] ?? menu.icon ?? '',
          menu_type: isDir ? null : (menu.menu_type ?? 'tab'),
          component: isDir ? '' : componentOf(menu.name),
          keepalive: isDir ? 0 : 1,
          weigh: weigh--,
        });
        for (const action of menu.buttons ?? []) {
          const [title, titleEn] = BUTTON_TITLES[action];
          await insert({ pid: id, type: 'button', title, title_en: titleEn, name: `${menu.name}/${action}`, path: '', weigh: 0 });
        }
        for (const node of menu.nodes ?? []) await insert({ pid: id, type: 'button', title: node.title, title_en: node.title_en, name: node.name, path: '', weigh: 0 });
        if (menu.children) await walk(menu.children, id);
      }
    };
    await walk(ADMIN_MENUS, 0);
    return created;
  }
}
