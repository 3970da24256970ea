import { MigrationInterface, QueryRunner, Table, TableColumn, TableIndex } from 'typeorm';
import { addColumns, col, dropColumns } from './columns';
import { ButtonTitles, LIST_BUTTONS, MenuPage, menuRuleNames, revokeRules, seedMenuRules } from './menu-rules';

type Page = MenuPage & { weigh: number };

const BUTTONS: ButtonTitles = { ...LIST_BUTTONS, sortable: ['快速排序', 'Sort'] };
const CRUD = ['index', 'add', 'edit', 'del'];

/** Pages by the folder they go under (the seed's ADMIN_MENUS has them at the end of the same folders). */
const PAGES: Record<string, Page[]> = {
  routine: [{ name: 'routine/notice', title: '公告管理', title_en: 'Notices', icon: 'IconNotification', buttons: CRUD, weigh: 0 }],
  cms: [
    { name: 'cms/advertPosition', title: '广告位管理', title_en: 'Advert positions', icon: 'IconApps', buttons: CRUD, weigh: 0 },
    { name: 'cms/advert', title: '广告管理', title_en: 'Adverts', icon: 'IconImage', buttons: [...CRUD, 'sortable'], weigh: 0 },
    { name: 'cms/contentModel', title: '内容模型', title_en: 'Content models', icon: 'IconStorage', buttons: CRUD, weigh: 0 },
    { name: 'cms/payLog', title: '付费记录', title_en: 'Pay log', icon: 'IconGift', buttons: ['index'], weigh: 0 },
  ],
  auth: [
    { name: 'auth/department', title: '部门管理', title_en: 'Departments', icon: 'IconMindMapping', buttons: [...CRUD, 'sortable'], weigh: 0 },
    { name: 'auth/job', title: '职位管理', title_en: 'Jobs', icon: 'IconSafe', buttons: [...CRUD, 'sortable'], weigh: 0 },
  ],
};

/** The member center's notice page, under "My account". */
export const MEMBER_NOTICE_RULE = { name: 'account/notice', title: '站内公告', title_en: 'Notices', icon: 'IconNotification' } as const;

/**
 * Notices (announcements to admins and/or members with read state per reader), advert positions and
 * adverts, paid content (the pay log: one row per member and content bought) and content models (extra
 * fields of a channel's content, `cms_channel.model_id`, the values in `cms_content.extra`), departments
 * (a tree) and jobs of admins (`admin.department_id`, `admin.job_id`). The pages and their buttons go to
 * the super administrators (a fresh database gets them from the seed); the member center gets its notice page.
 */
export class NoticesAdvertsPaidContentDepartments1764006900000 implements MigrationInterface {
  name = 'NoticesAdvertsPaidContentDepartments1764006900000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'notice',
        columns: [
          col.id(),
          col.varchar('title', 100),
          col.text('content'),
          col.tinyint('audience', 3),
          col.time('publish_time'),
          col.tinyint('status', 1),
          col.ref('admin_id'),
          ...col.timestamps(),
        ],
        indices: [new TableIndex({ name: 'idx_notice_status_publish', columnNames: ['status', 'publish_time'] })],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'notice_read',
        columns: [col.id(), col.ref('notice_id'), col.varchar('reader_type', 8), col.ref('reader_id'), col.time('createtime')],
        indices: [new TableIndex({ name: 'uniq_notice_read', columnNames: ['reader_type', 'reader_id', 'notice_id'], isUnique: true })],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'cms_advert_position',
        columns: [col.id(), col.varchar('name', 50), col.varchar('title', 100), col.int('width'), col.int('height'), ...col.timestamps()],
        indices: [new TableIndex({ name: 'uniq_advert_position_name', columnNames: ['name'], isUnique: true })],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'cms_advert',
        columns: [
          col.id(),
          col.ref('position_id'),
          col.varchar('title', 100),
          col.varchar('image', 255),
          col.varchar('link', 255),
          col.time('start_time'),
          col.time('end_time'),
          col.int('weigh'),
          col.tinyint('status', 1),
          col.ref('clicks'),
          ...col.timestamps(),
        ],
        indices: [new TableIndex({ name: 'idx_advert_position', columnNames: ['position_id', 'status'] })],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'cms_pay_log',
        columns: [
          col.id(),
          col.ref('content_id'),
          col.ref('user_id'),
          col.varchar('title', 200),
          col.tinyint('currency', 1),
          col.money('amount'),
          col.ref('log_id'),
          col.time('createtime'),
        ],
        indices: [new TableIndex({ name: 'uniq_pay_log_member_content', columnNames: ['user_id', 'content_id'], isUnique: true })],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'cms_content_model',
        columns: [col.id(), col.varchar('name', 50), col.text('fields'), ...col.timestamps()],
      }),
    );
    await addColumns(queryRunner, 'cms_channel', [col.ref('model_id')]);
    await addColumns(queryRunner, 'cms_content', [col.text('extra')]);
    await queryRunner.createTable(
      new Table({
        name: 'admin_department',
        columns: [col.id(), col.ref('pid'), col.varchar('name', 50), col.int('weigh'), col.tinyint('status', 1), ...col.timestamps()],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'admin_job',
        columns: [col.id(), col.varchar('name', 50), col.int('weigh'), col.tinyint('status', 1), ...col.timestamps()],
      }),
    );
    // in place: a rebuilt admin table would lose its site-version trigger on SQLite
    await addColumns(queryRunner, 'admin', [col.ref('department_id'), col.ref('job_id')]);

    for (const [folder, pages] of Object.entries(PAGES)) {
      const [parent]: Array<{ id: number | string }> = await queryRunner.query('SELECT id FROM admin_rule WHERE name = ?', [folder]);
      if (parent) await seedMenuRules(queryRunner, Number(parent.id), pages, BUTTONS);
    }
    const [account]: Array<{ id: number | string }> = await queryRunner.query('SELECT id FROM user_rule WHERE name = ?', ['account']);
    const [present]: unknown[] = await queryRunner.query('SELECT id FROM user_rule WHERE name = ?', [MEMBER_NOTICE_RULE.name]);
    if (account && !present) {
      const now = Math.floor(Date.now() / 1000);
      await queryRunner.query(
        'INSERT INTO user_rule (pid, type, title, title_en, name, path, icon, menu_type, url, component, no_login_valid, extend, remark, weigh, status, createtime, updatetime) ' +
          "VALUES (?, 'menu', ?, ?, ?, ?, ?, 'tab', '', ?, 0, 'none', '', 0, 1, ?, ?)",
        [Number(account.id), MEMBER_NOTICE_RULE.title, MEMBER_NOTICE_RULE.title_en, MEMBER_NOTICE_RULE.name, MEMBER_NOTICE_RULE.name, MEMBER_NOTICE_RULE.icon, `/src/pages/user/${MEMBER_NOTICE_RULE.name}/index.tsx`, now, now],
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DELETE FROM user_rule WHERE name = ?', [MEMBER_NOTICE_RULE.name]);
    await revokeRules(queryRunner, menuRuleNames(Object.values(PAGES).flat()));
    await dropColumns(queryRunner, 'admin', ['job_id', 'department_id']);
    await queryRunner.dropTable('admin_job');
    await queryRunner.dropTable('admin_department');
    await dropColumns(queryRunner, 'cms_content', ['extra']);
    await dropColumns(queryRunner, 'cms_channel', ['model_id']);
    for (const table of ['cms_content_model', 'cms_pay_log', 'cms_advert', 'cms_advert_position', 'notice_read', 'notice']) await queryRunner.dropTable(table);
  }
}
