import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { AppError } from '../../../../../shared/http/app-error';
import { validationErrorToAppError } from '../../../../../shared/http/validation';

export const toInt = ({ value }: { value: unknown }) => (typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value);
/** true / 1 / "1" / "true" → true; anything else false. */
export const toBool = ({ value }: { value: unknown }) => value === true || value === 1 || value === '1' || value === 'true';
export const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** Validates a body against a DTO chosen at run time (e.g. by `tab`); the first failure answers code 0. */
export async function validated<T extends object>(dto: new () => T, body: unknown): Promise<T> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new AppError('common.parameter_error');
  const instance = plainToInstance(dto, body, { enableImplicitConversion: false });
  const errors = await validate(instance, { whitelist: true });
  if (errors.length) throw validationErrorToAppError(errors);
  return instance;
}
