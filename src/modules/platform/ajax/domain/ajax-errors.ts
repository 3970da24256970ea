import { AppError, MessageArgs } from '../../../../shared/http/app-error';

/** A refused `ajax/*` helper request (code 0, message from src/i18n/<lang>/ajax.json). */
export class AjaxError extends AppError {
  constructor(key: 'table_not_found' | 'invalid_background' | 'invalid_cache_type', args: MessageArgs = {}) {
    super(`ajax.${key}`, args);
  }
}
