import { Injectable, NestMiddleware } from '@nestjs/common';
import { NextFunction, Request, Response } from 'express';
import { markSensitiveFields } from '../../../../shared/http/sensitive-fields';
import { isSecretItem } from '../domain/config-item';
import { ConfigRepository } from '../persistence/config.repository';

/**
 * Before any `routine.Config` POST runs (and whether or not it is allowed): marks the body fields that carry
 * a secret (the names of the password items; `value` when a password item is being added), so the admin
 * log records them masked.
 */
@Injectable()
export class ConfigSecretFieldsMiddleware implements NestMiddleware {
  constructor(private readonly rows: ConfigRepository) {}

  async use(request: Request, _response: Response, next: NextFunction): Promise<void> {
    try {
      const names = await this.rows.findSecretNames();
      const body = (request.body ?? {}) as Record<string, unknown>;
      if (typeof body.type === 'string' && isSecretItem({ type: body.type })) names.push('value');
      markSensitiveFields(request, names);
      next();
    } catch (error) {
      next(error);
    }
  }
}
