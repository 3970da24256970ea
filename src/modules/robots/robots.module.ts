import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { InventoryModule } from '../inventory';
import { MasterDataModule } from '../master-data';
import { ModuleManifest, ModuleRegistry } from '../../shared/modules/module-registry';
import { PlatformModule } from '../platform';
import { RobotController, RobotLogController, RobotTemplateController } from './http/robot.controllers';
import { NotifyRobotsWhenLedgerVerifyFailed, NotifyRobotsWhenStockLow, NotifyRobotsWhenWebhookFailing } from './listeners/robot-alerts.listeners';
import { RobotDailyEntity, RobotEntity, RobotLogEntity, RobotTemplateEntity } from './persistence/robot.entities';
import { DailyRobotAlerts, LOT_EXPIRING_JOB } from './services/daily-robot-alerts';
import { RobotNotifier } from './services/robot-notifier.service';

export const ROBOTS_MODULE: ModuleManifest = {
  name: 'robots',
  title: 'module.title.robots',
  version: '1.0.0',
  core: false,
  // `/admin/routine.robot` also covers `routine.RobotTemplate` and `routine.RobotLog`
  routes: ['/admin/routine.robot'],
  menus: ['routine/robot', 'routine/robotTemplate', 'routine/robotLog'],
  jobs: [LOT_EXPIRING_JOB],
};

/**
 * Chat robots (the optional module `robots`): DingTalk and WeCom group robots told of warehouse alerts —
 * `stock.low`, `lot.expiring` (daily), `webhook.failing`, `ledger.verify_failed` — after the commits that
 * raise them, with templates per language and a log of every message. Its routes, listeners and job are
 * all here, so the module can be switched off as a whole.
 */
@Module({
  imports: [TypeOrmModule.forFeature([RobotEntity, RobotTemplateEntity, RobotLogEntity, RobotDailyEntity]), PlatformModule, MasterDataModule, InventoryModule],
  controllers: [RobotController, RobotTemplateController, RobotLogController],
  providers: [RobotNotifier, DailyRobotAlerts, NotifyRobotsWhenStockLow, NotifyRobotsWhenWebhookFailing, NotifyRobotsWhenLedgerVerifyFailed],
  exports: [DailyRobotAlerts, RobotNotifier],
})
export class RobotsModule {
  constructor(modules: ModuleRegistry) {
    modules.declare(ROBOTS_MODULE);
  }
}
