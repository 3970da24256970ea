import { FRAMEWORK_MEMBER_ICONS, memberComponentOf } from '../../../../../contract/page-components';
import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { unixNow } from '../../../../shared/http/envelope';
import { UserGroupEntity } from '../persistence/user-group.entity';
import { UserRuleEntity, UserRuleType } from '../persistence/user-rule.entity';

interface MemberRuleSeed {
  name: string;
  title: string;
  title_en: string;
  icon: string;
  type: UserRuleType;
  children?: MemberRuleSeed[];
}

/** The member-center pages: one folder with the account pages. */
export const MEMBER_RULES: MemberRuleSeed[] = [
  {
    name: 'account',
    title: '我的账户',
    title_en: 'My account',
    icon: 'IconUser',
    type: 'menu_dir',
    children: [
      { name: 'account/overview', title: '账户概览', title_en: 'Overview', icon: 'IconDashboard', type: 'menu' },
      { name: 'account/profile', title: '个人资料', title_en: 'Profile', icon: 'IconIdcard', type: 'menu' },
      { name: 'account/changePassword', title: '修改密码', title_en: 'Change password', icon: 'IconLock', type: 'menu' },
      { name: 'account/integral', title: '积分记录', title_en: 'Score log', icon: 'IconTrophy', type: 'menu' },
      { name: 'account/balance', title: '余额记录', title_en: 'Balance log', icon: 'IconGift', type: 'menu' },
      { name: 'account/notice', title: '站内公告', title_en: 'Notices', icon: 'IconNotification', type: 'menu' },
      {
        name: 'account/oauth',
        title: '第三方账号',
        title_en: 'Linked accounts',
        icon: 'IconLink',
        type: 'menu',
        children: [{ name: 'account/oauthUnbind', title: '解除绑定', title_en: 'Unlink', icon: '', type: 'button' }],
      },
    ],
  },
  {
    name: 'cms',
    title: '我的内容',
    title_en: 'My content',
    icon: 'IconBook',
    type: 'menu_dir',
    children: [
      {
        name: 'cms/contributions',
        title: '我的投稿',
        title_en: 'My contributions',
        icon: 'IconEdit',
        type: 'menu',
        // a group holding this rule may contribute (POST /api/cms/contribute)
        children: [{ name: 'cms/contributions/contribute', title: '投稿', title_en: 'Contribute', icon: '', type: 'button' }],
      },
      { name: 'cms/comments', title: '我的评论', title_en: 'My comments', icon: 'IconMessage', type: 'menu' },
    ],
  },
];


/** The default member group (every rule) and the member rules; called by the accounts seeder. */
@Injectable()
export class MemberSeeder {
  async seed(manager: EntityManager): Promise<void> {
    const now = unixNow();
    await manager.insert(UserGroupEntity, { name: '默认分组', rules: '*', status: 1, createtime: now, updatetime: now });
    let weigh = 100;
    const walk = async (rules: MemberRuleSeed[], pid: number) => {
      for (const rule of rules) {
        const isMenu = rule.type === 'menu';
        const { identifiers } = await manager.insert(UserRuleEntity, {
          pid,
          type: rule.type,
          title: rule.title,
          title_en: rule.title_en,
          name: rule.name,
          path: rule.name,
          icon: FRAMEWORK_MEMBER_ICONS[rule.name] ?? rule.icon,
          menu_type: isMenu ? 'tab' : null,
          url: '',
          component: isMenu ? memberComponentOf(rule.name) : '',
          no_login_valid: 0,
          extend: 'none',
          remark: '',
          weigh: weigh--,
          status: 1,
          createtime: now,
          updatetime: now,
        });
        if (rule.children) await walk(rule.children, identifiers[0].id as number);
      }
    };
    await walk(MEMBER_RULES, 0);
  }
}
