import { ValidationError, ValidationPipe } from '@nestjs/common';
import { ValidationArguments } from 'class-validator';
import { AppError } from './app-error';

/**
 * class-validator `message` option that carries an i18n key. The field label is looked up as
 * `fields.<property>` so "用户名" / "Username" appear in the caller's language.
 */
export function msg(key: string, extra: Record<string, string | number> = {}) {
  return (args: ValidationArguments) => JSON.stringify({ key, field: args.property, ...extra });
}

function firstMessage(errors: ValidationError[]): ValidationError | undefined {
  for (const error of errors) {
    if (error.constraints && Object.keys(error.constraints).length) return error;
    const nested = firstMessage(error.children ?? []);
    if (nested) return nested;
  }
  return undefined;
}

export function validationErrorToAppError(errors: ValidationError[]): AppError {
  const error = firstMessage(errors);
  if (!error) return new AppError('validation.invalid', { field: '' });
  // A missing value is reported as missing, whatever rule happened to be checked first.
  if (error.value === undefined || error.value === null || error.value === '') {
    return new AppError('validation.required', { field: `@fields.${error.property}` });
  }
  const raw = Object.values(error.constraints!)[0];
  try {
    const { key, field, ...rest } = JSON.parse(raw) as { key: string; field: string };
    return new AppError(key, { field: `@fields.${field}`, ...rest });
  } catch {
    // A constraint without our message option: name the field, never leak validator internals.
    return new AppError('validation.invalid', { field: `@fields.${error.property}` });
  }
}

/**
 * The app's one way of checking input. `expectedType`: the DTO of a body whose type the handler cannot
 * name (a handler shared by several controllers, each with its own DTO); the app-wide pipe passes such a
 * body through untouched and this one, given as the parameter's pipe, checks it.
 */
export function createValidationPipe(expectedType?: new () => object): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    transform: true,
    transformOptions: { enableImplicitConversion: false },
    exceptionFactory: validationErrorToAppError,
    ...(expectedType ? { expectedType } : {}),
  });
}
