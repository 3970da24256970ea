import { AppError, MessageArgs } from '../../../shared/http/app-error';

/** A refused order transition: code 0 with a message that says why. */
export class OrderRuleError extends AppError {
  constructor(key: string, args: MessageArgs = {}) {
    super(`orders.${key}`, args);
  }
}
