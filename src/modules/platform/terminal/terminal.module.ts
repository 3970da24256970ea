import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { TerminalConfigController } from './http/terminal-config.controller';
import { TerminalController } from './http/terminal.controller';
import { TerminalSettingEntity } from './persistence/terminal-setting.entity';
import { TerminalSettingsRepository } from './persistence/terminal-settings.repository';
import { TerminalRunner } from './terminal-runner';
import { TerminalSettingsService } from './terminal-settings.service';
import { TerminalService } from './terminal.service';

/** The web terminal: the command stream, its settings, and the settings other contexts read (`index/index`). */
@Module({
  imports: [TypeOrmModule.forFeature([TerminalSettingEntity])],
  controllers: [TerminalController, TerminalConfigController],
  providers: [TerminalRunner, TerminalService, TerminalSettingsRepository, TerminalSettingsService],
  exports: [TerminalSettingsService],
})
export class TerminalModule {}
