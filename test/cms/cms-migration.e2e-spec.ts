import { CmsRulesSmsSettingsTemplates1764000300100 } from '../../migrations/1764000300100-cms-rules-sms-settings-templates';
import { TestApp } from '../setup/create-test-app';
import { as, login } from '../support/api';
import { publicSpec } from '../support/public-spec';

/**
 * A database seeded before content management gets, from the migration, what a fresh seed has: the admin
 * rules of the content pages and message templates, the member rules, the SMS settings and the templates.
 */
describe('migration of an existing database to content management', () => {
  let t: TestApp;

  publicSpec({ reset: 'never', ready: (fixture) => ({ t } = fixture) });

  const snapshot = async () => ({
    // without the pages a later migration adds to the folder (adverts, content models, the pay log: 1764006900000)
    adminRules: (await t.dataSource.query(
      "SELECT name, type, title_en, component FROM admin_rule WHERE (name LIKE 'cms%' OR name LIKE 'routine/messageTemplate%') AND name NOT LIKE 'cms/advert%' AND name NOT LIKE 'cms/contentModel%' AND name NOT LIKE 'cms/payLog%' ORDER BY name",
    )) as unknown[],
    memberRules: (await t.dataSource.query("SELECT name, type, title_en, component FROM user_rule WHERE name LIKE 'cms%' ORDER BY name")) as unknown[],
    settings: (await t.dataSource.query("SELECT name, type, value, content, rule, secret FROM config WHERE `group` = 'sms' ORDER BY name")) as Array<Record<string, unknown>>,
    groups: (await t.dataSource.query("SELECT value FROM config WHERE name IN ('config_group', 'config_quick_entrance') ORDER BY name")) as unknown[],
    templates: (await t.dataSource.query('SELECT event, channel, lang, title, content, template_code, status FROM message_template ORDER BY event, channel, lang')) as unknown[],
  });

  it('adds the same rules, settings and templates the seed writes, once', async () => {
    await t.reset();
    const seeded = await snapshot();
    expect(seeded.adminRules.length).toBeGreaterThan(30);

    // the database as it was before
    await t.dataSource.query("DELETE FROM admin_rule WHERE name = 'cms' OR name LIKE 'cms/%' OR name LIKE 'routine/messageTemplate%'");
    await t.dataSource.query("DELETE FROM user_rule WHERE name = 'cms' OR name LIKE 'cms/%'");
    await t.dataSource.query("DELETE FROM config WHERE `group` = 'sms'");
    await t.dataSource.query('DELETE FROM message_template');
    const groups: Array<{ name: string; value: string }> = await t.dataSource.query("SELECT name, value FROM config WHERE name IN ('config_group', 'config_quick_entrance')");
    for (const { name, value } of groups) {
      const older = (JSON.parse(value) as Array<{ key: string }>).filter((e) => e.key !== 'sms' && !e.key.endsWith('message_template'));
      await t.dataSource.query('UPDATE config SET value = ? WHERE name = ?', [JSON.stringify(older), name]);
    }

    const runner = t.dataSource.createQueryRunner();
    try {
      await new CmsRulesSmsSettingsTemplates1764000300100().up(runner);
      await new CmsRulesSmsSettingsTemplates1764000300100().up(runner); // a second run changes nothing
    } finally {
      await runner.release();
    }
    const migrated = await snapshot();
    expect(migrated).toEqual(seeded);

    // the super administrator sees the menu and may use it at once
    const admin = as(t, await login(t));
    const menus = (await admin.get('/admin/index/index')).body.data.menus as Array<{ name: string; children?: Array<{ name: string }> }>;
    expect(menus.find((m) => m.name === 'cms')?.children?.map((c) => c.name)).toEqual(
      expect.arrayContaining(['cms/content', 'cms/channel', 'cms/comment', 'cms/tags', 'cms/friendlyLink', 'cms/searchLog']),
    );
    expect((await admin.get('/admin/cms.Content/index')).body.code).toBe(1);
  });
});
