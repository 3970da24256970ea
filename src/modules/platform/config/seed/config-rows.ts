/**
 * The site settings an installation starts with (plus the upload settings).
 * Titles, tips, group names, option labels and quick-entrance labels are i18n keys of platform.json,
 * translated when shown; rows an admin adds later carry plain text, which is shown as typed.
 */
export interface ConfigSeedRow {
  name: string;
  group: string;
  title: string;
  tip: string;
  type: string;
  value: string;
  content: string;
  rule: string;
  weigh: number;
  secret?: boolean;
}

const title = (name: string) => `platform.config.title.${name}`;
const tip = (name: string) => `platform.config.tip.${name}`;

export const CONFIG_GROUPS = [
  { key: 'basics', value: 'platform.config.group.basics' },
  { key: 'mail', value: 'platform.config.group.mail' },
  { key: 'upload', value: 'platform.config.group.upload' },
  { key: 'sms', value: 'platform.config.group.sms' },
  { key: 'config_quick_entrance', value: 'platform.config.group.config_quick_entrance' },
];

export const QUICK_ENTRANCES = [
  { key: 'platform.config.quick_entrance.attachment', value: '/admin/routine/attachment' },
  { key: 'platform.config.quick_entrance.admin_log', value: '/admin/auth/adminLog' },
  { key: 'platform.config.quick_entrance.message_template', value: '/admin/routine/messageTemplate' },
];

export const DEFAULT_UPLOAD = {
  mode: 'local',
  maxsize: '10mb',
  savename: '/storage/{topic}/{year}{mon}{day}/{filename}{filesha1}{.suffix}',
  mimetype: 'jpg,png,bmp,jpeg,gif,webp,zip,rar,xls,xlsx,csv,doc,docx,wav,mp4,mp3,txt',
};

/** `sms_driver`: which provider sends text messages (SMS_DRIVER=database overrides it in development). */
export const SMS_DRIVER_OPTIONS = {
  none: 'platform.config.option.sms_driver_none',
  aliyun: 'platform.config.option.sms_driver_aliyun',
  tencent: 'platform.config.option.sms_driver_tencent',
};

/** `upload_mode`: this server, or a cloud bucket (any value but `local` means the cloud). */
export const UPLOAD_MODE_OPTIONS = { local: 'platform.config.option.upload_mode_local', cloud: 'platform.config.option.upload_mode_cloud' };

const row = (r: Omit<ConfigSeedRow, 'title' | 'tip' | 'content' | 'rule'> & Partial<ConfigSeedRow>): ConfigSeedRow => ({
  title: title(r.name),
  tip: '',
  content: '',
  rule: '',
  ...r,
});

export const CONFIG_SEED_ROWS: ConfigSeedRow[] = [
  row({ name: 'config_group', group: 'basics', type: 'array', value: JSON.stringify(CONFIG_GROUPS), rule: 'required', weigh: -1 }),
  row({ name: 'site_name', group: 'basics', type: 'string', value: '仓库管理系统', rule: 'required', weigh: 99 }),
  row({ name: 'record_number', group: 'basics', type: 'string', value: '', tip: tip('record_number'), weigh: 0 }),
  row({ name: 'version', group: 'basics', type: 'string', value: 'v1.0.0', tip: tip('version'), rule: 'required', weigh: 0 }),
  row({ name: 'time_zone', group: 'basics', type: 'string', value: 'Asia/Shanghai', tip: tip('time_zone'), rule: 'required', weigh: 0 }),
  row({ name: 'expiry_warning_days', group: 'basics', type: 'number', value: '30', tip: tip('expiry_warning_days'), rule: 'required,integer', weigh: 0 }),
  row({ name: 'no_access_ip', group: 'basics', type: 'textarea', value: '', tip: tip('no_access_ip'), weigh: 0 }),
  // the hosts iframe menus may show (contract/menu-urls.ts; empty: any https address)
  row({ name: 'iframe_hosts', group: 'basics', type: 'textarea', value: '', tip: tip('iframe_hosts'), weigh: 0 }),
  // the company prefix of the SSCCs on carton and pallet labels (GS1's example prefix until the site enters its own)
  row({ name: 'gs1_company_prefix', group: 'basics', type: 'string', value: '0614141', tip: tip('gs1_company_prefix'), rule: 'required', weigh: 0 }),
  // 1: a pick that takes a pick face below its min replenishes that face (docs/DIRECTED-WORK.md)
  row({ name: 'auto_replenish', group: 'basics', type: 'number', value: '1', tip: tip('auto_replenish'), rule: 'required,integer', weigh: 0 }),
  row({ name: 'smtp_server', group: 'mail', type: 'string', value: '', weigh: 9 }),
  row({ name: 'smtp_port', group: 'mail', type: 'string', value: '465', rule: 'number', weigh: 8 }),
  row({ name: 'smtp_user', group: 'mail', type: 'string', value: '', weigh: 7 }),
  row({ name: 'smtp_pass', group: 'mail', type: 'password', value: '', weigh: 6, secret: true }),
  row({ name: 'smtp_verification', group: 'mail', type: 'select', value: 'SSL', content: JSON.stringify({ SSL: 'SSL', TLS: 'TLS' }), weigh: 5 }),
  row({ name: 'smtp_sender_mail', group: 'mail', type: 'string', value: '', rule: 'email', weigh: 4 }),
  row({
    name: 'upload_mode',
    group: 'upload',
    type: 'select',
    value: DEFAULT_UPLOAD.mode,
    content: JSON.stringify(UPLOAD_MODE_OPTIONS),
    rule: 'required',
    weigh: 9,
  }),
  row({ name: 'upload_maxsize', group: 'upload', type: 'string', value: DEFAULT_UPLOAD.maxsize, tip: tip('upload_maxsize'), rule: 'required', weigh: 8 }),
  row({ name: 'upload_savename', group: 'upload', type: 'string', value: DEFAULT_UPLOAD.savename, tip: tip('upload_savename'), rule: 'required', weigh: 7 }),
  row({ name: 'upload_mimetype', group: 'upload', type: 'string', value: DEFAULT_UPLOAD.mimetype, tip: tip('upload_mimetype'), rule: 'required', weigh: 6 }),
  // the cloud mode's S3-compatible bucket (README.md, "Cloud upload"); the secret key is a password item
  row({ name: 'upload_cloud_endpoint', group: 'upload', type: 'string', value: '', tip: tip('upload_cloud_endpoint'), rule: 'url', weigh: 5 }),
  row({ name: 'upload_cloud_bucket', group: 'upload', type: 'string', value: '', tip: tip('upload_cloud_bucket'), weigh: 4 }),
  row({ name: 'upload_cloud_region', group: 'upload', type: 'string', value: '', tip: tip('upload_cloud_region'), weigh: 3 }),
  row({ name: 'upload_cloud_access_key', group: 'upload', type: 'string', value: '', weigh: 2 }),
  row({ name: 'upload_cloud_secret_key', group: 'upload', type: 'password', value: '', weigh: 1, secret: true }),
  row({ name: 'upload_cloud_path_style', group: 'upload', type: 'switch', value: '0', tip: tip('upload_cloud_path_style'), weigh: 0 }),
  row({ name: 'upload_cloud_public_url', group: 'upload', type: 'string', value: '', tip: tip('upload_cloud_public_url'), rule: 'url', weigh: -2 }),
  row({ name: 'upload_cloud_sts_endpoint', group: 'upload', type: 'string', value: '', tip: tip('upload_cloud_sts_endpoint'), rule: 'url', weigh: -3 }),
  row({ name: 'upload_cloud_sts_role', group: 'upload', type: 'string', value: '', tip: tip('upload_cloud_sts_role'), weigh: -4 }),
  // text messages through Alibaba Cloud SMS or Tencent Cloud SMS (platform/messaging/sms); the secret is a password item
  row({ name: 'sms_driver', group: 'sms', type: 'select', value: 'none', content: JSON.stringify(SMS_DRIVER_OPTIONS), tip: tip('sms_driver'), rule: 'required', weigh: 9 }),
  row({ name: 'sms_access_key_id', group: 'sms', type: 'string', value: '', tip: tip('sms_access_key_id'), weigh: 8 }),
  row({ name: 'sms_access_key_secret', group: 'sms', type: 'password', value: '', tip: tip('sms_access_key_secret'), weigh: 7, secret: true }),
  row({ name: 'sms_sign_name', group: 'sms', type: 'string', value: '', tip: tip('sms_sign_name'), weigh: 6 }),
  row({ name: 'sms_region', group: 'sms', type: 'string', value: '', tip: tip('sms_region'), weigh: 5 }),
  row({ name: 'sms_sdk_app_id', group: 'sms', type: 'string', value: '', tip: tip('sms_sdk_app_id'), weigh: 4 }),
  row({ name: 'sms_endpoint', group: 'sms', type: 'string', value: '', tip: tip('sms_endpoint'), rule: 'url', weigh: 3 }),
  row({ name: 'config_quick_entrance', group: 'config_quick_entrance', type: 'array', value: JSON.stringify(QUICK_ENTRANCES), weigh: 0 }),
];
