import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { InventoryModule } from '../inventory';
import { MasterDataModule } from '../master-data';
import { PlatformModule } from '../platform';
import { RobotController, RobotLogController, RobotTemplateController } from './http/robot.controllers';
import { NotifyRobotsWhenLedgerVerifyFailed, NotifyRobotsWhenStockLow, NotifyRobotsWhenWebhookFailing } from './listeners/robot-alerts.listeners';
import { RobotDailyEntity, RobotEntity, RobotLogEntity, RobotTemplateEntity } from './persistence/robot.entities';
import { DailyRobotAlerts } from './services/daily-robot-alerts';
import { RobotNotifier } from './services/robot-notifier.service';

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
export class RobotsModule {}
