import { MigrationInterface, QueryRunner } from 'typeorm';
import { createWebhookVersionTriggers, dropWebhookVersionTriggers } from './cache-version';

/**
 * Triggers that raise the site version when a webhook is added, removed, enabled, disabled or subscribed to other
 * types: the outbox caches which types the enabled webhooks want, and writes no row for a change none of them
 * wants (src/shared/outbox/outbox.ts).
 */
export class WebhookSiteVersion1764007300000 implements MigrationInterface {
  name = 'WebhookSiteVersion1764007300000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await createWebhookVersionTriggers(queryRunner);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await dropWebhookVersionTriggers(queryRunner);
  }
}
