import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The site setting `iframe_hosts` (Routine → Site settings → Basics): the hosts iframe menus may show, which
 * the rule forms check (empty: any https address). A fresh database gets it with the other settings from the
 * seed; one seeded before it gets it here, empty, so that nothing it already frames is cut off.
 */
export class IframeHostsSetting1764002100000 implements MigrationInterface {
  name = 'IframeHostsSetting1764002100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const [{ total }]: Array<{ total: number | string }> = await queryRunner.query('SELECT COUNT(*) AS total FROM config');
    if (!Number(total)) return;
    if ((await queryRunner.query('SELECT id FROM config WHERE name = ?', ['iframe_hosts'])).length) return;
    await queryRunner.query(
      // `group` is a keyword; SQLite accepts the MySQL quotes
      'INSERT INTO config (name, `group`, title, tip, type, value, content, rule, extend, allow_del, weigh, secret) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, 0)',
      ['iframe_hosts', 'basics', 'platform.config.title.iframe_hosts', 'platform.config.tip.iframe_hosts', 'textarea', '', '', '', '', 0],
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DELETE FROM config WHERE name = ?', ['iframe_hosts']);
  }
}
