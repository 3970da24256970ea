import { MigrationInterface, QueryRunner } from 'typeorm';

/** The cloud upload settings as they were introduced (a fresh database gets them from the seed). */
const ROWS = [
  { name: 'upload_cloud_endpoint', type: 'string', value: '', tip: true, rule: 'url', weigh: 5 },
  { name: 'upload_cloud_bucket', type: 'string', value: '', tip: true, rule: '', weigh: 4 },
  { name: 'upload_cloud_region', type: 'string', value: '', tip: true, rule: '', weigh: 3 },
  { name: 'upload_cloud_access_key', type: 'string', value: '', tip: false, rule: '', weigh: 2 },
  { name: 'upload_cloud_secret_key', type: 'password', value: '', tip: false, rule: '', weigh: 1 },
  { name: 'upload_cloud_path_style', type: 'switch', value: '0', tip: true, rule: '', weigh: 0 },
  { name: 'upload_cloud_public_url', type: 'string', value: '', tip: true, rule: 'url', weigh: -2 },
  { name: 'upload_cloud_sts_endpoint', type: 'string', value: '', tip: true, rule: 'url', weigh: -3 },
  { name: 'upload_cloud_sts_role', type: 'string', value: '', tip: true, rule: '', weigh: -4 },
];

const LOCAL_ONLY = JSON.stringify({ local: 'platform.config.option.upload_mode_local' });
const WITH_CLOUD = JSON.stringify({ local: 'platform.config.option.upload_mode_local', cloud: 'platform.config.option.upload_mode_cloud' });

/**
 * For databases seeded before the cloud upload existed: adds the settings of the S3-compatible bucket to
 * the upload group (the secret key as an item of type `password`, hence secret) and offers `cloud` as an
 * upload mode. A fresh database has no config rows yet here: the seed writes them, so nothing is added.
 */
export class CloudUploadSettings1763800000700 implements MigrationInterface {
  name = 'CloudUploadSettings1763800000700';

  async up(queryRunner: QueryRunner): Promise<void> {
    const [{ n }]: Array<{ n: number | string }> = await queryRunner.query('SELECT COUNT(*) AS n FROM config');
    if (Number(n) === 0) return;
    const present = new Set(
      ((await queryRunner.query(`SELECT name FROM config WHERE name IN (${ROWS.map(() => '?').join(', ')})`, ROWS.map((r) => r.name))) as Array<{ name: string }>).map(
        (r) => r.name,
      ),
    );
    const missing = ROWS.filter((r) => !present.has(r.name));
    if (missing.length) {
      await queryRunner.manager
        .createQueryBuilder()
        .insert()
        .into('config')
        .values(
          missing.map((r) => ({
            name: r.name,
            group: 'upload',
            title: `platform.config.title.${r.name}`,
            tip: r.tip ? `platform.config.tip.${r.name}` : '',
            type: r.type,
            value: r.value,
            content: '',
            rule: r.rule,
            extend: '',
            allow_del: 0,
            weigh: r.weigh,
            secret: r.type === 'password' ? 1 : 0,
          })),
        )
        .execute();
    }
    await queryRunner.query('UPDATE config SET content = ? WHERE name = ? AND content = ?', [WITH_CLOUD, 'upload_mode', LOCAL_ONLY]);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM config WHERE name IN (${ROWS.map(() => '?').join(', ')})`, ROWS.map((r) => r.name));
    await queryRunner.query('UPDATE config SET content = ? WHERE name = ? AND content = ?', [LOCAL_ONLY, 'upload_mode', WITH_CLOUD]);
    await queryRunner.query("UPDATE config SET value = 'local' WHERE name = 'upload_mode' AND value <> 'local'");
  }
}
