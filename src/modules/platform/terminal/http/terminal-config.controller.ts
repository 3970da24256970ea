import { Body, Controller, Post } from '@nestjs/common';
import { reply } from '../../../../shared/http/reply';
import { parseTerminalSettingsChange, terminalForClient } from '../domain/terminal-config';
import { TerminalSettingsService } from '../terminal-settings.service';
import { ChangeTerminalConfigDto } from './dto/change-terminal-config.dto';

/**
 * POST /admin/ajax/changeTerminalConfig {config: {manager?, port?}}. Checked by the guard like any admin
 * action: no rule grants the node `ajax/changeterminalconfig`, so only super administrators pass.
 * Recorded in the admin log by the request-level middleware.
 */
@Controller('admin/ajax')
export class TerminalConfigController {
  constructor(private readonly settings: TerminalSettingsService) {}

  @Post('changeTerminalConfig')
  async changeTerminalConfig(@Body() body: ChangeTerminalConfigDto) {
    const saved = await this.settings.change(parseTerminalSettingsChange(body.config));
    return reply(terminalForClient(saved), 'terminal.config_saved');
  }
}
