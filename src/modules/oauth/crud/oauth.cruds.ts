import { CrudDefinition } from '../../../shared/crud';
import { ACCOUNT_TABLES } from '../../accounts';
import { EditOauthProviderDto, OauthProviderDto } from '../http/dto/oauth.dto';
import { OauthLogEntity, OauthProviderEntity } from '../persistence/oauth.entities';

/** The providers; the client secret is written (blank on edit: kept) and never answered. */
export const OAUTH_PROVIDER_CRUD: CrudDefinition<OauthProviderEntity> = {
  entity: OauthProviderEntity,
  alias: 'provider',
  writable: ['name', 'type', 'issuer', 'authorize_url', 'token_url', 'userinfo_url', 'id_field', 'client_id', 'client_secret', 'scopes', 'register', 'weigh', 'status'],
  hidden: ['client_secret'],
  quickSearchFields: ['id', 'name', 'client_id'],
  searchFields: ['id', 'name', 'type', 'issuer', 'client_id', 'register', 'status', 'createtime'],
  filterParams: ['type', 'status'],
  validation: { add: OauthProviderDto, edit: EditOauthProviderDto },
  hooks: {
    beforeWrite(data, { action }) {
      for (const field of ['issuer', 'authorize_url', 'token_url', 'userinfo_url', 'client_id', 'scopes']) if (typeof data[field] === 'string') data[field] = (data[field] as string).trim();
      if (typeof data.issuer === 'string') data.issuer = data.issuer.replace(/\/+$/, '');
      if (action === 'edit' && !data.client_secret) delete data.client_secret;
      if (action === 'add') {
        data.client_secret = String(data.client_secret ?? '');
        data.scopes ??= Number(data.type) === 1 ? 'openid profile email' : '';
        data.id_field ??= 'id';
      }
    },
  },
};

/** Every attempt, newest first, with the provider's name and the member's username. */
export const OAUTH_LOG_CRUD: CrudDefinition<OauthLogEntity> = {
  entity: OauthLogEntity,
  alias: 'olog',
  writable: [],
  joins: {
    provider: { entity: OauthProviderEntity, on: 'provider_id', columns: ['name'] },
    user: { entity: ACCOUNT_TABLES.member, on: 'user_id', columns: ['username', 'nickname'] },
  },
  quickSearchFields: ['id', 'ip', 'reason'],
  searchFields: ['id', 'provider_id', 'user_id', 'action', 'result', 'reason', 'ip', 'createtime', 'provider.name', 'user.username'],
  filterParams: ['provider_id', 'user_id', 'result', 'action'],
  defaultOrder: [{ field: 'id', direction: 'DESC' as const }],
};
