import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { col } from './columns';
import { LIST_BUTTONS, menuRuleNames, revokeRules, seedMenuRules, type ButtonTitles } from './menu-rules';

const PAGES = [
  { name: 'user/oauthProvider', title: '第三方登录', title_en: 'Sign-in providers', icon: 'IconLink', buttons: ['index', 'add', 'edit', 'del'], weigh: 0 },
  { name: 'user/oauthLog', title: '第三方登录日志', title_en: 'Sign-in provider log', icon: 'IconFile', buttons: ['index'], weigh: 0 },
] as const;

const BUTTONS: ButtonTitles = { ...LIST_BUTTONS };

type IdRow = { id: number | string };

/**
 * Third-party sign-in (the optional module `oauth`): the providers (`oauth_provider`: 1 OpenID Connect found
 * by its issuer, 2 OAuth 2.0 with explicit endpoints), the single-use tickets of a sign-in under way
 * (`oauth_ticket`: kind 1 a `state` with its PKCE verifier, nonce and site path; kind 2 a `bind_token`
 * naming the provider's account), the members' linked accounts (`user_oauth`) and every attempt
 * (`oauth_log`). Tickets are stored as SHA-256 hashes only. A database seeded before gets the two admin pages
 * (super administrators only) and the member page `account/oauth`.
 */
export class OauthSignIn1764006800000 implements MigrationInterface {
  name = 'OauthSignIn1764006800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'oauth_provider',
        columns: [
          col.id(),
          col.varchar('name', 50),
          // 1 OpenID Connect (discovery from `issuer`), 2 OAuth 2.0 (explicit endpoints)
          col.tinyint('type', 1),
          col.varchar('issuer', 255),
          col.varchar('authorize_url', 255),
          col.varchar('token_url', 255),
          col.varchar('userinfo_url', 255),
          // the userinfo field that identifies the account (OAuth 2.0; OpenID Connect uses `sub`)
          col.varchar('id_field', 50, { default: "'id'" }),
          col.varchar('client_id', 255),
          // a password item: never answered back
          col.varchar('client_secret', 500),
          col.varchar('scopes', 255),
          // 1: a sign-in with no linked member registers one
          col.tinyint('register', 1),
          col.int('weigh'),
          col.tinyint('status', 1),
          ...col.timestamps(),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'oauth_ticket',
        columns: [
          col.id(),
          // 1 state of an authorization under way, 2 bind token
          col.tinyint('kind', 1),
          col.varchar('token_hash', 64),
          col.ref('provider_id'),
          col.varchar('code_verifier', 128),
          col.varchar('nonce', 64),
          // the site path the member returns to, and the redirect_uri the provider was given (the token request repeats it)
          col.varchar('redirect', 255),
          col.varchar('redirect_uri', 255),
          // the member who asked to link the account (0: a sign-in)
          col.ref('user_id'),
          col.varchar('subject', 255),
          col.varchar('nickname', 100),
          col.int('expire_time'),
          col.time('createtime'),
        ],
        indices: [new TableIndex({ name: 'uniq_oauth_ticket_hash', columnNames: ['token_hash'], isUnique: true }), new TableIndex({ name: 'idx_oauth_ticket_expire', columnNames: ['expire_time'] })],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'user_oauth',
        columns: [col.id(), col.ref('user_id'), col.ref('provider_id'), col.varchar('subject', 255), col.varchar('nickname', 100), col.time('createtime')],
        indices: [
          new TableIndex({ name: 'uniq_user_oauth_subject', columnNames: ['provider_id', 'subject'], isUnique: true }),
          new TableIndex({ name: 'uniq_user_oauth_member', columnNames: ['user_id', 'provider_id'], isUnique: true }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'oauth_log',
        columns: [
          col.id(),
          col.ref('provider_id'),
          col.ref('user_id'),
          // authorize | callback | bind | unbind
          col.varchar('action', 20),
          // 1 succeeded, 0 refused
          col.tinyint('result'),
          // what happened: signed_in, registered, bind_needed, bound, unbound, or the refusal's message key
          col.varchar('reason', 100),
          col.varchar('ip', 50),
          col.time('createtime'),
        ],
        indices: [new TableIndex({ name: 'idx_oauth_log_provider', columnNames: ['provider_id', 'id'] }), new TableIndex({ name: 'idx_oauth_log_user', columnNames: ['user_id'] })],
      }),
    );
    const now = Math.floor(Date.now() / 1000);
    const [user]: IdRow[] = await queryRunner.query('SELECT id FROM admin_rule WHERE name = ?', ['user']);
    if (user) await seedMenuRules(queryRunner, Number(user.id), PAGES, BUTTONS, { now });
    const [account]: IdRow[] = await queryRunner.query('SELECT id FROM user_rule WHERE name = ?', ['account']);
    if (account && !(await queryRunner.query('SELECT id FROM user_rule WHERE name = ?', ['account/oauth'])).length) {
      await queryRunner.query(
        'INSERT INTO user_rule (pid, type, title, title_en, name, path, icon, menu_type, url, component, no_login_valid, extend, remark, weigh, status, createtime, updatetime) ' +
          "VALUES (?, 'menu', ?, ?, ?, ?, ?, 'tab', '', ?, 0, 'none', '', 0, 1, ?, ?)",
        [Number(account.id), '第三方账号', 'Linked accounts', 'account/oauth', 'account/oauth', 'IconLink', '/src/pages/user/account/oauth/index.tsx', now, now],
      );
      const [page]: IdRow[] = await queryRunner.query('SELECT id FROM user_rule WHERE name = ?', ['account/oauth']);
      await queryRunner.query(
        'INSERT INTO user_rule (pid, type, title, title_en, name, path, icon, menu_type, url, component, no_login_valid, extend, remark, weigh, status, createtime, updatetime) ' +
          "VALUES (?, 'button', ?, ?, ?, '', '', NULL, '', '', 0, 'none', '', 0, 1, ?, ?)",
        [Number(page.id), '解除绑定', 'Unlink', 'account/oauthUnbind', now, now],
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await revokeRules(queryRunner, menuRuleNames(PAGES));
    await queryRunner.query('DELETE FROM user_rule WHERE name IN (?, ?)', ['account/oauthUnbind', 'account/oauth']);
    for (const table of ['oauth_log', 'user_oauth', 'oauth_ticket', 'oauth_provider']) await queryRunner.dropTable(table);
  }
}
