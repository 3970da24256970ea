import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { WebhookQueue } from './delivery/webhook-queue';
import { WebhookWorker } from './delivery/webhook-worker';
import { WebhookController, WebhookDeliveryController } from './http/webhook.controllers';
import { WebhookDeliveryEntity, WebhookEntity, WebhookLockEntity } from './persistence/webhook.entities';
import { WebhooksService } from './services/webhooks.service';
import { ModuleManifest, ModuleRegistry } from '../../shared/modules/module-registry';

/**
 * Integration: signed webhooks delivered from the transactional outbox (src/shared/outbox) — the webhooks and
 * their deliveries, the dispatcher and the delivery worker. (API tokens are the accounts context's.)
 */
/** This context as module management lists it. */
export const INTEGRATION_MODULE: ModuleManifest = { name: 'integration', title: 'module.title.integration', version: '1.0.0', core: true, routes: [], menus: [], jobs: ['webhook.delivery'] };

@Module({
  imports: [TypeOrmModule.forFeature([WebhookEntity, WebhookDeliveryEntity, WebhookLockEntity])],
  controllers: [WebhookController, WebhookDeliveryController],
  providers: [WebhookQueue, WebhookWorker, WebhooksService],
  exports: [WebhookWorker],
})
export class IntegrationModule {
  constructor(modules: ModuleRegistry) {
    modules.declare(INTEGRATION_MODULE);
  }
}
