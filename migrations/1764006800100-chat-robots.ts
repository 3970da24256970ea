import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { col } from './columns';
import { LIST_BUTTONS, menuRuleNames, revokeRules, seedMenuRules, type ButtonTitles } from './menu-rules';

const PAGES = [
  { name: 'routine/robot', title: '群机器人', title_en: 'Chat robots', icon: 'IconRobot', buttons: ['index', 'add', 'edit', 'del', 'test'], weigh: 0 },
  { name: 'routine/robotTemplate', title: '机器人消息模板', title_en: 'Robot templates', icon: 'IconFile', buttons: ['index', 'add', 'edit', 'del', 'variables'], weigh: 0 },
  { name: 'routine/robotLog', title: '机器人发送记录', title_en: 'Robot log', icon: 'IconHistory', buttons: ['index'], weigh: 0 },
] as const;

const BUTTONS: ButtonTitles = { ...LIST_BUTTONS, test: ['发送测试事件', 'Send test event'], variables: ['变量列表', 'Variables'] };

type IdRow = { id: number | string };

/**
 * Chat robots (the optional module `robots`): DingTalk (1) and WeCom (2) group robots (`robot`: webhook,
 * signing secret, subscribed events), their message templates per event and language (`robot_template`),
 * what was sent and answered (`robot_log`), and the days a daily event was sent (`robot_daily`: one row per
 * event and site day, so two processes never send it twice). A database seeded before gets the three
 * pages (super administrators only).
 */
export class ChatRobots1764006800100 implements MigrationInterface {
  name = 'ChatRobots1764006800100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'robot',
        columns: [
          col.id(),
          col.varchar('name', 50),
          // 1 DingTalk, 2 WeCom
          col.tinyint('type', 1),
          col.varchar('webhook', 500),
          // a password item: never answered back (DingTalk's signing secret)
          col.varchar('secret', 255),
          // subscribed events, comma separated
          col.varchar('events', 500),
          // the language of its messages: zh-cn | en
          col.varchar('lang', 10, { default: "'zh-cn'" }),
          col.tinyint('status', 1),
          ...col.timestamps(),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'robot_template',
        columns: [col.id(), col.varchar('event', 50), col.varchar('lang', 10), col.varchar('title', 100), col.text('content'), ...col.timestamps()],
        indices: [new TableIndex({ name: 'uniq_robot_template', columnNames: ['event', 'lang'], isUnique: true })],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'robot_log',
        columns: [
          col.id(),
          col.ref('robot_id'),
          col.varchar('event', 50),
          // 1 the robot accepted the message, 0 it did not (or could not be reached)
          col.tinyint('result'),
          col.int('status_code'),
          col.varchar('answer', 500),
          col.varchar('content', 1000),
          col.time('createtime'),
        ],
        indices: [new TableIndex({ name: 'idx_robot_log_robot', columnNames: ['robot_id', 'id'] })],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'robot_daily',
        columns: [col.id(), col.varchar('event', 50), col.varchar('day', 10), col.time('createtime')],
        indices: [new TableIndex({ name: 'uniq_robot_daily', columnNames: ['event', 'day'], isUnique: true })],
      }),
    );
    const [routine]: IdRow[] = await queryRunner.query('SELECT id FROM admin_rule WHERE name = ?', ['routine']);
    if (routine) await seedMenuRules(queryRunner, Number(routine.id), PAGES, BUTTONS);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await revokeRules(queryRunner, menuRuleNames(PAGES));
    for (const table of ['robot_daily', 'robot_log', 'robot_template', 'robot']) await queryRunner.dropTable(table);
  }
}
