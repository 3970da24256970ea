/**
 * The settings of the cloud upload driver (an S3-compatible bucket: Tencent COS, AWS S3, MinIO), read from
 * the site configuration's upload group, and what follows from them: where the bucket is reached, the
 * public address of its objects, and whether the driver can work at all. Plain TypeScript.
 */
import type { CloudUploadParams } from '../../../../../contract/upload';

/** The site config names of the settings (all in the `upload` group). */
export const CLOUD_SETTING_NAMES = {
  endpoint: 'upload_cloud_endpoint',
  bucket: 'upload_cloud_bucket',
  region: 'upload_cloud_region',
  accessKeyId: 'upload_cloud_access_key',
  /** Type `password`: never answered in clear by routine.Config, never sent to a browser. */
  secretAccessKey: 'upload_cloud_secret_key',
  pathStyle: 'upload_cloud_path_style',
  publicUrl: 'upload_cloud_public_url',
  stsEndpoint: 'upload_cloud_sts_endpoint',
  stsRole: 'upload_cloud_sts_role',
} as const;

export type CloudSettingKey = keyof typeof CLOUD_SETTING_NAMES;

export interface CloudSettings {
  /** The S3 API address (`https://cos.ap-guangzhou.myqcloud.com`, `http://127.0.0.1:9000`); '' = AWS S3 of the region. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Objects at `<endpoint>/<bucket>/<key>` instead of `<bucket>.<endpoint host>/<key>` (MinIO, s3rver). */
  pathStyle: boolean;
  /** Where browsers load the objects from (a CDN); '' = the bucket's own address. */
  publicUrl: string;
  /** An AWS-compatible STS (AWS, MinIO): when set, browsers receive temporary credentials from AssumeRole. */
  stsEndpoint: string;
  /** The role to assume (required by AWS, ignored by MinIO). */
  stsRole: string;
}

/** The storage name of attachments the driver records. */
export const CLOUD_STORAGE = 's3';

/**
 * The error number the upload params carry when the cloud mode is chosen but cannot work; the browser
 * rejects with it (and its message) before uploading, and Cos/refreshToken and Cos/callback answer it as
 * their code.
 */
export const CLOUD_ERRNO_NOT_CONFIGURED = 20001;

/** Any mode other than `local` means the cloud. */
export function isCloudMode(mode: string): boolean {
  return mode.trim() !== '' && mode.trim() !== 'local';
}

export function readCloudSettings(values: Record<string, unknown>): CloudSettings {
  const text = (key: CloudSettingKey) => {
    const value = values[CLOUD_SETTING_NAMES[key]];
    return typeof value === 'string' ? value.trim() : '';
  };
  const flag = values[CLOUD_SETTING_NAMES.pathStyle];
  return {
    endpoint: text('endpoint').replace(/\/+$/, ''),
    bucket: text('bucket'),
    region: text('region'),
    accessKeyId: text('accessKeyId'),
    // a secret is used exactly as stored
    secretAccessKey: typeof values[CLOUD_SETTING_NAMES.secretAccessKey] === 'string' ? (values[CLOUD_SETTING_NAMES.secretAccessKey] as string) : '',
    pathStyle: flag === true || flag === '1' || flag === 'true',
    publicUrl: text('publicUrl').replace(/\/+$/, ''),
    stsEndpoint: text('stsEndpoint').replace(/\/+$/, ''),
    stsRole: text('stsRole'),
  };
}

const HTTP_URL = /^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/i;
/** S3 bucket names (COS adds `-<appid>`): lower-case letters, digits, dots and hyphens. */
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const REGION_NAME = /^[a-z0-9-]{1,50}$/i;

/**
 * The settings that keep the driver from working: missing, or not of the right shape. Empty when it can
 * work. The endpoint may be empty (AWS S3), the public URL and the STS settings are optional.
 */
export function invalidCloudSettings(settings: CloudSettings): CloudSettingKey[] {
  const invalid: CloudSettingKey[] = [];
  if (settings.endpoint && !HTTP_URL.test(settings.endpoint)) invalid.push('endpoint');
  if (!BUCKET_NAME.test(settings.bucket)) invalid.push('bucket');
  if (!REGION_NAME.test(settings.region)) invalid.push('region');
  if (!settings.accessKeyId) invalid.push('accessKeyId');
  if (!settings.secretAccessKey) invalid.push('secretAccessKey');
  if (settings.publicUrl && !HTTP_URL.test(settings.publicUrl)) invalid.push('publicUrl');
  if (settings.stsEndpoint && !HTTP_URL.test(settings.stsEndpoint)) invalid.push('stsEndpoint');
  return invalid;
}

/** The S3 API address: the configured endpoint, or AWS S3 of the region. */
export function effectiveEndpoint(settings: CloudSettings): string {
  return settings.endpoint || `https://s3.${settings.region}.amazonaws.com`;
}

/** The S3 API address of the bucket's objects (path style or virtual-hosted). */
export function bucketUrl(settings: CloudSettings): string {
  const endpoint = new URL(effectiveEndpoint(settings));
  const path = endpoint.pathname.replace(/\/+$/, '');
  if (settings.pathStyle) return `${endpoint.protocol}//${endpoint.host}${path}/${settings.bucket}`;
  return `${endpoint.protocol}//${settings.bucket}.${endpoint.host}${path}`;
}

/** Where browsers load objects from: the configured public URL, else the bucket itself. */
export function publicBaseUrl(settings: CloudSettings): string {
  return settings.publicUrl || bucketUrl(settings);
}

/** RFC 3986 encoding (also `!'()*`): the form SigV4 signs, so a URL needs no further canonicalising. */
function strictEncode(segment: string): string {
  return encodeURIComponent(segment).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** `<base>/<key>` with each path segment percent-encoded. */
export function urlOfKey(base: string, key: string): string {
  return `${base}/${key.split('/').map(strictEncode).join('/')}`;
}

/** What the upload params of the site config carry for the browser (never a secret; contract/upload.ts). */
export type { CloudUploadParams };

/**
 * The params for the browser: in the cloud mode the bucket, region and endpoint, or the error number and
 * the settings that are wrong; nothing in the local mode.
 */
export function cloudUploadParams(mode: string, settings: CloudSettings): { params: CloudUploadParams | Record<string, never>; invalid: CloudSettingKey[] } {
  if (!isCloudMode(mode)) return { params: {}, invalid: [] };
  const invalid = invalidCloudSettings(settings);
  const params: CloudUploadParams = { bucket: settings.bucket, region: settings.region, endpoint: invalid.includes('endpoint') ? '' : effectiveEndpoint(settings) };
  if (invalid.length) params.errno = CLOUD_ERRNO_NOT_CONFIGURED;
  return { params, invalid };
}
