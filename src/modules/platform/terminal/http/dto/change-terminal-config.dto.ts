import { IsObject } from 'class-validator';
import { msg } from '../../../../../shared/http/validation';

/** Body of POST /admin/ajax/changeTerminalConfig; the fields of `config` are checked by the domain rules. */
export class ChangeTerminalConfigDto {
  @IsObject({ message: msg('terminal.config_required') })
  config: Record<string, unknown>;
}
