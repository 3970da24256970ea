import { AppError } from '../../../../shared/http/app-error';
import { translate } from '../../../../shared/http/translate';
import { CloudRefusal } from './cloud-object';
import { CLOUD_ERRNO_NOT_CONFIGURED, CLOUD_SETTING_NAMES, CloudSettingKey } from './cloud-settings';

/**
 * The refusal of a cloud upload whose settings cannot work, with the error number of the upload params
 * as its code and the titles of the wrong settings in the caller's language.
 */
export function cloudNotConfiguredError(invalid: CloudSettingKey[]): AppError {
  const fields = invalid.map((key) => translate(`platform.config.title.${CLOUD_SETTING_NAMES[key]}`)).join(', ');
  return new AppError('platform.cloud.not_configured', { fields }, CLOUD_ERRNO_NOT_CONFIGURED);
}

/** The message of an error in the caller's language. */
export function messageOf(error: AppError): string {
  return translate(error.messageKey, error.args);
}

const UPLOAD_REFUSALS = new Set<CloudRefusal>(['incomplete', 'type_not_allowed', 'size_exceeded', 'invalid_topic']);

/** The answer to a file the rules refuse: the local upload's messages where they are the same rule. */
export function cloudRefusalError(refusal: CloudRefusal): AppError {
  return new AppError(UPLOAD_REFUSALS.has(refusal) ? `platform.upload.${refusal}` : `platform.cloud.${refusal}`);
}
