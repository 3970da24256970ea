import { MigrationInterface, QueryRunner } from 'typeorm';

/*
 * For databases seeded before content management, message templates and the SMS providers existed (a fresh
 * database has no rules or settings yet here: the seed writes them). Rows as they were introduced:
 * - admin rules: the "Content" menu with its pages and buttons, and Routine → Message templates; granted
 *   to no group but the super administrators (who hold every rule);
 * - member rules: "My content" (my contributions, my comments) and the `cms/contributions/contribute` button, which
 *   decides which member groups may contribute; groups holding every rule (`*`) have them at once;
 * - the SMS settings (group `sms`, the secret as a `password` item) and their group in `config_group`;
 * - the built-in message templates (the texts that were fixed in the code until now);
 * - a quick entrance to the message templates.
 * Statements are constant SQL with bound parameters (the same text runs on SQLite and MySQL).
 */

interface MenuRow {
  name: string;
  title: string;
  title_en: string;
  icon: string;
  buttons?: Array<[string, string, string]>;
  children?: MenuRow[];
}

const B = {
  index: ['index', '查看', 'View'],
  add: ['add', '添加', 'Add'],
  edit: ['edit', '编辑', 'Edit'],
  del: ['del', '删除', 'Delete'],
  sortable: ['sortable', '快速排序', 'Sort'],
  audit: ['audit', '审核', 'Audit'],
  export: ['export', '导出', 'Export'],
} satisfies Record<string, [string, string, string]>;
const CRUD = [B.index, B.add, B.edit, B.del];

const CMS_MENU: MenuRow = {
  name: 'cms',
  title: '内容管理',
  title_en: 'Content',
  icon: 'IconBook',
  children: [
    { name: 'cms/content', title: '内容管理', title_en: 'Content', icon: 'IconFile', buttons: [...CRUD, B.sortable, B.audit, B.export] },
    { name: 'cms/channel', title: '频道管理', title_en: 'Channels', icon: 'IconMindMapping', buttons: [...CRUD, B.sortable, B.export] },
    { name: 'cms/comment', title: '评论管理', title_en: 'Comments', icon: 'IconMessage', buttons: [B.index, B.del, B.audit, B.export] },
    { name: 'cms/tags', title: '标签管理', title_en: 'Tags', icon: 'IconTags', buttons: [...CRUD, B.sortable, B.export] },
    { name: 'cms/friendlyLink', title: '友情链接', title_en: 'Friendly links', icon: 'IconLink', buttons: [...CRUD, B.sortable, B.export] },
    { name: 'cms/searchLog', title: '搜索记录', title_en: 'Search log', icon: 'IconSearch', buttons: [B.index, B.del, B.export] },
  ],
};
const TEMPLATE_MENU: MenuRow = { name: 'routine/messageTemplate', title: '消息模板', title_en: 'Message templates', icon: 'IconEmail', buttons: [B.index, B.edit, B.export] };

const SMS_GROUP = { key: 'sms', value: 'platform.config.group.sms' };
const SMS_ROWS = [
  { name: 'sms_driver', type: 'select', value: 'none', rule: 'required', weigh: 9, content: JSON.stringify({ none: 'platform.config.option.sms_driver_none', aliyun: 'platform.config.option.sms_driver_aliyun', tencent: 'platform.config.option.sms_driver_tencent' }) },
  { name: 'sms_access_key_id', type: 'string', value: '', rule: '', weigh: 8, content: '' },
  { name: 'sms_access_key_secret', type: 'password', value: '', rule: '', weigh: 7, content: '' },
  { name: 'sms_sign_name', type: 'string', value: '', rule: '', weigh: 6, content: '' },
  { name: 'sms_region', type: 'string', value: '', rule: '', weigh: 5, content: '' },
  { name: 'sms_sdk_app_id', type: 'string', value: '', rule: '', weigh: 4, content: '' },
  { name: 'sms_endpoint', type: 'string', value: '', rule: 'url', weigh: 3, content: '' },
];
const QUICK_ENTRANCE = { key: 'platform.config.quick_entrance.message_template', value: '/admin/routine/messageTemplate' };

const PURPOSES: Record<string, [string, string]> = {
  user_register: ['注册账号', 'sign up'],
  user_retrieve_pwd: ['找回密码', 'reset your password'],
  user_change_mobile: ['绑定到您的账号', 'bind this address to your account'],
  user_change_email: ['绑定到您的账号', 'bind this address to your account'],
  user_mobile_verify: ['验证账号', 'verify your account'],
  user_email_verify: ['验证账号', 'verify your account'],
};
const EMAIL_EVENTS = ['user_register', 'user_retrieve_pwd', 'user_change_email', 'user_email_verify'];
const SMS_EVENTS = ['user_register', 'user_retrieve_pwd', 'user_change_mobile', 'user_mobile_verify'];

function templates(now: number): unknown[][] {
  const rows: unknown[][] = [];
  const add = (event: string, channel: string, lang: string, title: string, content: string) => rows.push([event, channel, lang, title, content, '', 1, now, now]);
  for (const event of EMAIL_EVENTS) {
    const [zh, en] = PURPOSES[event];
    add(event, 'email', 'zh-cn', '{site}：您的验证码 {code}', `您正在 {site} ${zh}，验证码为 {code}，{minutes} 分钟内有效。如非本人操作，请忽略本邮件。`);
    add(event, 'email', 'en', '{site}: your verification code {code}', `You asked for a code to ${en} at {site}. Your verification code is {code}; it is valid for {minutes} minutes. If you did not ask for it, ignore this e-mail.`);
  }
  for (const event of SMS_EVENTS) {
    const [zh, en] = PURPOSES[event];
    add(event, 'sms', 'zh-cn', '', `【{site}】您正在${zh}，验证码 {code}，{minutes} 分钟内有效，请勿泄露。`);
    add(event, 'sms', 'en', '', `[{site}] Your code to ${en} is {code}, valid for {minutes} minutes. Do not share it.`);
  }
  add('notice', 'email', 'zh-cn', '{site}：{title}', '{username}，您好：\n\n{content}\n\n{site}');
  add('notice', 'email', 'en', '{site}: {title}', 'Hello {username},\n\n{content}\n\n{site}');
  add('notice', 'sms', 'zh-cn', '', '【{site}】{title}：{content}');
  add('notice', 'sms', 'en', '', '[{site}] {title}: {content}');
  return rows;
}

type IdRow = { id: number | string };
const count = async (queryRunner: QueryRunner, table: string): Promise<number> => Number((await queryRunner.query(`SELECT COUNT(*) AS n FROM ${table}`))[0].n);

export class CmsRulesSmsSettingsTemplates1764000300100 implements MigrationInterface {
  name = 'CmsRulesSmsSettingsTemplates1764000300100';

  async up(queryRunner: QueryRunner): Promise<void> {
    const now = Math.floor(Date.now() / 1000);
    if ((await count(queryRunner, 'admin_rule')) > 0) {
      await this.addAdminMenu(queryRunner, CMS_MENU, 0, now);
      const [routine]: IdRow[] = await queryRunner.query('SELECT id FROM admin_rule WHERE name = ?', ['routine']);
      await this.addAdminMenu(queryRunner, TEMPLATE_MENU, routine ? Number(routine.id) : 0, now);
    }
    if ((await count(queryRunner, 'user_rule')) > 0) await this.addMemberRules(queryRunner, now);
    if ((await count(queryRunner, 'config')) > 0) {
      await this.addSmsSettings(queryRunner);
      if ((await count(queryRunner, 'message_template')) === 0) {
        for (const row of templates(now)) {
          await queryRunner.query(
            'INSERT INTO message_template (event, channel, lang, title, content, template_code, status, createtime, updatetime) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
            row,
          );
        }
      }
    }
  }

  private async addAdminMenu(queryRunner: QueryRunner, menu: MenuRow, pid: number, now: number): Promise<void> {
    if ((await queryRunner.query('SELECT id FROM admin_rule WHERE name = ?', [menu.name])).length) return;
    const isDir = !!menu.children;
    const [{ weigh }]: Array<{ weigh: number | string | null }> = await queryRunner.query('SELECT MIN(weigh) AS weigh FROM admin_rule WHERE pid = ?', [pid]);
    await queryRunner.query(
      'INSERT INTO admin_rule (pid, type, title, title_en, name, path, icon, menu_type, url, component, keepalive, extend, remark, weigh, status, createtime, updatetime) ' +
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, '', ?, ?, 'none', '', ?, 1, ?, ?)",
      [pid, isDir ? 'menu_dir' : 'menu', menu.title, menu.title_en, menu.name, menu.name, menu.icon, isDir ? null : 'tab', isDir ? '' : `/src/pages/admin/${menu.name}/index.tsx`, isDir ? 0 : 1, Number(weigh ?? 1) - 1, now, now],
    );
    const [created]: IdRow[] = await queryRunner.query('SELECT id FROM admin_rule WHERE name = ?', [menu.name]);
    for (const [action, title, titleEn] of menu.buttons ?? []) {
      await queryRunner.query(
        'INSERT INTO admin_rule (pid, type, title, title_en, name, path, icon, menu_type, url, component, keepalive, extend, remark, weigh, status, createtime, updatetime) ' +
          "VALUES (?, 'button', ?, ?, ?, '', '', NULL, '', '', 0, 'none', '', 0, 1, ?, ?)",
        [Number(created.id), title, titleEn, `${menu.name}/${action}`, now, now],
      );
    }
    for (const child of menu.children ?? []) await this.addAdminMenu(queryRunner, child, Number(created.id), now);
  }

  private async addMemberRules(queryRunner: QueryRunner, now: number): Promise<void> {
    const insert = async (pid: number, type: string, name: string, title: string, titleEn: string, icon: string, weigh: number): Promise<number> => {
      const [present]: IdRow[] = await queryRunner.query('SELECT id FROM user_rule WHERE name = ?', [name]);
      if (present) return Number(present.id);
      const isMenu = type === 'menu';
      await queryRunner.query(
        'INSERT INTO user_rule (pid, type, title, title_en, name, path, icon, menu_type, url, component, no_login_valid, extend, remark, weigh, status, createtime, updatetime) ' +
          "VALUES (?, ?, ?, ?, ?, ?, ?, ?, '', ?, 0, 'none', '', ?, 1, ?, ?)",
        [pid, type, title, titleEn, name, type === 'button' ? '' : name, icon, isMenu ? 'tab' : null, isMenu ? `/src/pages/user/${name}/index.tsx` : '', weigh, now, now],
      );
      return Number((await queryRunner.query('SELECT id FROM user_rule WHERE name = ?', [name]))[0].id);
    };
    const dir = await insert(0, 'menu_dir', 'cms', '我的内容', 'My content', 'IconBook', 50);
    const contributions = await insert(dir, 'menu', 'cms/contributions', '我的投稿', 'My contributions', 'IconEdit', 49);
    await insert(contributions, 'button', 'cms/contributions/contribute', '投稿', 'Contribute', '', 0);
    await insert(dir, 'menu', 'cms/comments', '我的评论', 'My comments', 'IconMessage', 48);
  }

  private async addSmsSettings(queryRunner: QueryRunner): Promise<void> {
    for (const row of SMS_ROWS) {
      if ((await queryRunner.query('SELECT id FROM config WHERE name = ?', [row.name])).length) continue;
      await queryRunner.query(
        // `group` is a keyword; SQLite accepts the MySQL quotes
        'INSERT INTO config (name, `group`, title, tip, type, value, content, rule, extend, allow_del, weigh, secret) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?)',
        [row.name, 'sms', `platform.config.title.${row.name}`, `platform.config.tip.${row.name}`, row.type, row.value, row.content, row.rule, '', row.weigh, row.type === 'password' ? 1 : 0],
      );
    }
    const extend = async (name: string, entry: { key: string; value: string }, after?: string) => {
      const [item]: Array<{ value: string | null }> = await queryRunner.query('SELECT value FROM config WHERE name = ?', [name]);
      if (!item) return;
      let list: Array<{ key: string; value: string }>;
      try {
        list = JSON.parse(item.value ?? '[]');
      } catch {
        return;
      }
      if (!Array.isArray(list) || list.some((e) => e && e.key === entry.key)) return;
      const at = after ? list.findIndex((e) => e && e.key === after) : -1;
      list.splice(at >= 0 ? at + 1 : list.length, 0, entry);
      await queryRunner.query('UPDATE config SET value = ? WHERE name = ?', [JSON.stringify(list), name]);
    };
    await extend('config_group', SMS_GROUP, 'upload');
    await extend('config_quick_entrance', QUICK_ENTRANCE);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DELETE FROM message_template');
    await queryRunner.query(`DELETE FROM config WHERE name IN (${SMS_ROWS.map(() => '?').join(', ')})`, SMS_ROWS.map((r) => r.name));
    await queryRunner.query("DELETE FROM user_rule WHERE name = 'cms' OR name LIKE 'cms/%'");
    await queryRunner.query("DELETE FROM admin_rule WHERE name = 'cms' OR name LIKE 'cms/%' OR name = 'routine/messageTemplate' OR name LIKE 'routine/messageTemplate/%'");
  }
}
