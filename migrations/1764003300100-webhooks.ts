import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { col } from './columns';
import { LIST_BUTTONS, menuRuleNames, revokeRules, seedMenuRules, type ButtonTitles } from './menu-rules';

const PAGES = [
  { name: 'routine/webhook', title: 'Webhook', title_en: 'Webhooks', icon: 'IconShareExternal', buttons: ['index', 'add', 'edit', 'del', 'test'], weigh: 0 },
  { name: 'routine/webhookDelivery', title: 'Webhook 投递记录', title_en: 'Webhook deliveries', icon: 'IconSend', buttons: ['index', 'redeliver'], weigh: 0 },
] as const;

const BUTTONS: ButtonTitles = { ...LIST_BUTTONS, test: ['发送测试事件', 'Send test event'], redeliver: ['重新投递', 'Redeliver'] };

/**
 * Signed webhooks from a transactional outbox. `webhook_outbox` gets one row per event in the transaction of
 * the change (a transition, a ledger event); the dispatcher turns committed rows into `webhook_delivery` rows,
 * one per subscribed webhook, in the order it saw them (serialised by the row of `webhook_lock`); the
 * delivery worker claims a webhook with a lease (`lease_owner`, `lease_until`) and sends its deliveries one
 * after the other. A database seeded before gets the two pages (super administrators only).
 */
export class Webhooks1764003300100 implements MigrationInterface {
  name = 'Webhooks1764003300100';

  async up(queryRunner: QueryRunner): Promise<void> {
    const longText = queryRunner.connection.options.type === 'mysql' ? 'mediumtext' : 'text';
    await queryRunner.createTable(
      new Table({
        name: 'webhook',
        columns: [
          col.id(),
          col.varchar('url', 500),
          // the subscribed event types, comma separated
          col.varchar('events', 500),
          // the signing key: answered once, on add
          col.varchar('secret', 100),
          col.tinyint('status', 1),
          // 1 once a delivery gave up after 24 hours of retries; its later events wait until it is redelivered
          col.tinyint('failing'),
          col.time('failing_since'),
          // the process delivering its events now, and until when (a lease another process may take once it ran out)
          col.varchar('lease_owner', 64),
          col.int('lease_until'),
          // its next event is retried at this time, not before (the one before it failed)
          col.int('retry_at'),
          col.ref('admin_id'),
          ...col.timestamps(),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'webhook_outbox',
        columns: [
          col.id(),
          col.varchar('event_id', 36),
          col.varchar('type', 50),
          // 0: every webhook subscribed to the type; else only this one (a test event)
          col.ref('webhook_id'),
          // the JSON body every delivery of the event sends, byte for byte
          col.text('body', { type: longText }),
          col.time('occurred_at'),
          col.tinyint('dispatched'),
          col.time('createtime'),
        ],
        indices: [new TableIndex({ name: 'uniq_webhook_outbox_event', columnNames: ['event_id'], isUnique: true }), new TableIndex({ name: 'idx_webhook_outbox_dispatched', columnNames: ['dispatched', 'id'] })],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'webhook_delivery',
        columns: [
          col.id(),
          col.ref('webhook_id'),
          col.ref('outbox_id'),
          col.varchar('event_id', 36),
          col.varchar('type', 50),
          // 1: in outbox order behind the webhook's earlier events; 0: a test event, sent on its own
          col.tinyint('ordered', 1),
          // 0 pending, 1 delivered, 2 failed (gave up)
          col.tinyint('status'),
          col.int('attempts'),
          col.int('last_status'),
          col.varchar('last_error', 255),
          col.int('next_attempt_time'),
          // retries stop here: 24 hours after the first attempt
          col.int('deadline_time'),
          col.time('delivered_time'),
          ...col.timestamps(),
        ],
        indices: [
          new TableIndex({ name: 'idx_webhook_delivery_queue', columnNames: ['webhook_id', 'status', 'id'] }),
          new TableIndex({ name: 'idx_webhook_delivery_due', columnNames: ['status', 'next_attempt_time'] }),
          new TableIndex({ name: 'idx_webhook_delivery_event', columnNames: ['event_id'] }),
          new TableIndex({ name: 'idx_webhook_delivery_outbox', columnNames: ['outbox_id'] }),
        ],
      }),
    );
    await queryRunner.createTable(new Table({ name: 'webhook_lock', columns: [{ name: 'name', type: 'varchar', length: '30', isPrimary: true }, col.int('version')] }));
    await queryRunner.query("INSERT INTO webhook_lock (name, version) VALUES ('dispatch', 0)");
    const [routine]: Array<{ id: number | string }> = await queryRunner.query('SELECT id FROM admin_rule WHERE name = ?', ['routine']);
    if (routine) await seedMenuRules(queryRunner, Number(routine.id), PAGES, BUTTONS);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await revokeRules(queryRunner, menuRuleNames(PAGES));
    for (const table of ['webhook_lock', 'webhook_delivery', 'webhook_outbox', 'webhook']) await queryRunner.dropTable(table);
  }
}
