import { I18nContext, I18nService } from 'nestjs-i18n';
import { SiteConfigService, translateConfigText } from '../../src/modules/platform';
import { TestApp } from '../setup/create-test-app';
import { publicSpec } from '../support/public-spec';

const SAVENAME = '/storage/{topic}/{year}{mon}{day}/{filename}{filesha1}{.suffix}';
const MIMETYPE = 'jpg,png,bmp,jpeg,gif,webp,zip,rar,xls,xlsx,csv,doc,docx,wav,mp4,mp3,txt';

describe('site configuration: seeds and reads', () => {
  let t: TestApp;
  let config: SiteConfigService;

  publicSpec({
    ready: (fixture) => {
      ({ t } = fixture);
      config = t.app.get(SiteConfigService);
    },
  });

  const setValue = (name: string, value: string) => t.dataSource.query('UPDATE config SET value = ? WHERE name = ?', [value, name]);

  it('seeds the groups and rows of an installation', async () => {
    const rows: Array<{ name: string; group: string; type: string; secret: number; allow_del: number }> = await t.dataSource.query(
      'SELECT name, `group` AS `group`, type, secret, allow_del FROM config ORDER BY id',
    );
    const byGroup = (group: string) => rows.filter((r) => r.group === group).map((r) => r.name);
    expect(byGroup('basics')).toEqual(['config_group', 'site_name', 'record_number', 'version', 'time_zone', 'expiry_warning_days', 'no_access_ip', 'iframe_hosts', 'gs1_company_prefix', 'auto_replenish']);
    expect(byGroup('mail')).toEqual(['smtp_server', 'smtp_port', 'smtp_user', 'smtp_pass', 'smtp_verification', 'smtp_sender_mail']);
    expect(byGroup('upload')).toEqual([
      'upload_mode',
      'upload_maxsize',
      'upload_savename',
      'upload_mimetype',
      // the cloud bucket (test/platform/cloud-upload.e2e-spec.ts)
      'upload_cloud_endpoint',
      'upload_cloud_bucket',
      'upload_cloud_region',
      'upload_cloud_access_key',
      'upload_cloud_secret_key',
      'upload_cloud_path_style',
      'upload_cloud_public_url',
      'upload_cloud_sts_endpoint',
      'upload_cloud_sts_role',
    ]);
    expect(byGroup('config_quick_entrance')).toEqual(['config_quick_entrance']);
    expect(byGroup('sms')).toEqual(['sms_driver', 'sms_access_key_id', 'sms_access_key_secret', 'sms_sign_name', 'sms_region', 'sms_sdk_app_id', 'sms_endpoint']);
    expect(rows).toHaveLength(37);
    expect(rows.filter((r) => Number(r.secret) === 1).map((r) => r.name)).toEqual(['smtp_pass', 'upload_cloud_secret_key', 'sms_access_key_secret']);
    expect(rows.every((r) => Number(r.allow_del) === 0)).toBe(true);
  });

  it('reads single values decoded by type, and null for an unknown name', async () => {
    await expect(config.get('site_name')).resolves.toBe('仓库管理系统');
    await expect(config.get('version')).resolves.toBe('v1.0.0');
    await expect(config.get('time_zone')).resolves.toBe('Asia/Shanghai');
    await expect(config.get('smtp_verification')).resolves.toBe('SSL');
    await expect(config.get('config_group')).resolves.toEqual([
      { key: 'basics', value: 'platform.config.group.basics' },
      { key: 'mail', value: 'platform.config.group.mail' },
      { key: 'upload', value: 'platform.config.group.upload' },
      { key: 'sms', value: 'platform.config.group.sms' },
      { key: 'config_quick_entrance', value: 'platform.config.group.config_quick_entrance' },
    ]);
    await expect(config.get('config_quick_entrance')).resolves.toEqual([
      { key: 'platform.config.quick_entrance.attachment', value: '/admin/routine/attachment' },
      { key: 'platform.config.quick_entrance.admin_log', value: '/admin/auth/adminLog' },
      { key: 'platform.config.quick_entrance.message_template', value: '/admin/routine/messageTemplate' },
    ]);
    await expect(config.get('no_such_setting')).resolves.toBeNull();
  });

  it('reads a whole group by name', async () => {
    await expect(config.group('upload')).resolves.toEqual({
      upload_mode: 'local',
      upload_maxsize: '10mb',
      upload_savename: SAVENAME,
      upload_mimetype: MIMETYPE,
      upload_cloud_endpoint: '',
      upload_cloud_bucket: '',
      upload_cloud_region: '',
      upload_cloud_access_key: '',
      upload_cloud_secret_key: '',
      upload_cloud_path_style: false,
      upload_cloud_public_url: '',
      upload_cloud_sts_endpoint: '',
      upload_cloud_sts_role: '',
    });
    expect(Object.keys(await config.group('mail')).sort()).toEqual(
      ['smtp_pass', 'smtp_port', 'smtp_sender_mail', 'smtp_server', 'smtp_user', 'smtp_verification'].sort(),
    );
    await expect(config.group('nothing')).resolves.toEqual({});
  });

  it('gives the front ends their site config, the upload size in bytes', async () => {
    await expect(config.forClient()).resolves.toEqual({
      siteName: '仓库管理系统',
      recordNumber: '',
      version: 'v1.0.0',
      cdnUrl: '',
      apiUrl: '',
      timeZone: 'Asia/Shanghai',
      headNav: [],
      upload: { mode: 'local', maxsize: 10485760, savename: SAVENAME, mimetype: MIMETYPE, params: {} },
    });
  });

  it('tells the front ends the site time zone, the default one when the setting is not a zone', async () => {
    await setValue('time_zone', 'Europe/Berlin');
    expect((await config.forClient()).timeZone).toBe('Europe/Berlin');
    await setValue('time_zone', 'Nowhere/Atlantis');
    expect((await config.forClient()).timeZone).toBe('Asia/Shanghai');
  });

  it('sees a change at once (read per call, so every app process agrees) and never exposes secrets', async () => {
    await setValue('site_name', 'Depot');
    await setValue('upload_maxsize', '512kb');
    await setValue('smtp_pass', 'hunter2-secret');
    const client = await config.forClient();
    expect(client).toMatchObject({ siteName: 'Depot', upload: { maxsize: 524288 } });
    expect(JSON.stringify(client)).not.toContain('hunter2-secret');
    // The server itself can still read the secret (to send mail).
    await expect(config.get('smtp_pass')).resolves.toBe('hunter2-secret');
  });

  it('falls back to 10 MB when the configured size cannot be read', async () => {
    await setValue('upload_maxsize', 'lots');
    expect((await config.forClient()).upload.maxsize).toBe(10485760);
  });

  it('answers the site time zone, falling back to Asia/Shanghai when unknown or blank', async () => {
    await expect(config.timeZone()).resolves.toBe('Asia/Shanghai');
    await setValue('time_zone', 'Europe/Paris');
    await expect(config.timeZone()).resolves.toBe('Europe/Paris');
    await setValue('time_zone', 'Mars/Olympus');
    await expect(config.timeZone()).resolves.toBe('Asia/Shanghai');
    await setValue('time_zone', '');
    await expect(config.timeZone()).resolves.toBe('Asia/Shanghai');
  });

  it('translates seeded titles, tips and labels in both languages and leaves typed titles alone', async () => {
    const i18n = t.app.get<I18nService<Record<string, unknown>>>(I18nService);
    const zh = new I18nContext('zh-cn', i18n);
    const en = new I18nContext('en', i18n);
    const rows: Array<{ title: string; tip: string }> = await t.dataSource.query('SELECT title, tip FROM config');
    for (const text of rows.flatMap((r) => [r.title, r.tip]).filter(Boolean)) {
      for (const context of [zh, en]) {
        const shown = translateConfigText(text, context);
        expect(shown).not.toBe(text);
        expect(shown).not.toMatch(/^platform\./);
      }
    }
    expect(translateConfigText('platform.config.title.site_name', zh)).toBe('站点名称');
    expect(translateConfigText('platform.config.title.site_name', en)).toBe('Site name');
    expect(translateConfigText('platform.config.group.upload', en)).toBe('Upload');
    expect(translateConfigText('platform.config.tip.upload_savename', en)).toContain('{topic}');
    expect(translateConfigText('My own setting', en)).toBe('My own setting');
  });

  it('keeps names unique', async () => {
    await expect(
      t.dataSource.query(
        'INSERT INTO config (name, `group`, title, tip, type, value, content, rule, extend, allow_del, weigh, secret) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
        ['site_name', 'basics', 'x', '', 'string', 'x', '', '', '', 1, 0, 0],
      ),
    ).rejects.toThrow();
  });
});
