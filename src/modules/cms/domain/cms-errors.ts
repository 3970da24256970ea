import { AppError, MessageArgs } from '../../../shared/http/app-error';

/** A refused content rule (audit, visit, comment, contribution): code 0 with a message that says why. */
export class CmsRuleError extends AppError {
  constructor(key: string, args: MessageArgs = {}, data: unknown = null) {
    super(`cms.${key}`, args, 0, data);
  }
}
