import { EntityTarget } from 'typeorm';
import { CrudDefinition } from '../../../shared/crud';
import { UserMoneyLogEntity, UserScoreLogEntity } from '../member/persistence/balance-log.entity';
import { UserGroupEntity } from '../member/persistence/user-group.entity';
import { UserEntity } from '../member/persistence/user.entity';
import { AdminLogEntity } from '../persistence/admin-log.entity';
import { AdminEntity } from '../persistence/admin.entity';
import { AdminDepartmentEntity, AdminJobEntity } from '../persistence/organisation.entities';
import { ApiTokenEntity } from '../persistence/api-token.entity';

/** The admins (never their password hash). */
export const ADMIN_LIST: CrudDefinition<AdminEntity> = {
  entity: AdminEntity,
  alias: 'admin',
  writable: [],
  hidden: ['password'],
  quickSearchFields: ['id', 'username', 'nickname'],
  searchFields: ['id', 'username', 'nickname', 'email', 'mobile', 'status', 'department_id', 'job_id', 'lastlogintime', 'createtime', 'department.name', 'job.name'],
  filterParams: ['department_id', 'job_id'],
  joins: {
    department: { entity: AdminDepartmentEntity, on: 'department_id', columns: ['name'] },
    job: { entity: AdminJobEntity, on: 'job_id', columns: ['name'] },
  },
};

/** The admin log (read-only). */
export const ADMIN_LOG_LIST: CrudDefinition<AdminLogEntity> = {
  entity: AdminLogEntity,
  alias: 'log',
  writable: [],
  quickSearchFields: ['id', 'username', 'title', 'api_token'],
  searchFields: ['id', 'admin_id', 'username', 'api_token', 'title', 'url', 'ip', 'createtime'],
};

/** The member groups. */
export const MEMBER_GROUP_LIST: CrudDefinition<UserGroupEntity> = { entity: UserGroupEntity, alias: 'grp', writable: [], quickSearchFields: ['id', 'name'], searchFields: ['id', 'name', 'status', 'createtime', 'updatetime'] };

/** One identity's rules, read one at a time (the tree itself is listed by RuleTreeService). */
export const ruleList = <R extends object>(entity: EntityTarget<R>): CrudDefinition<R> => ({ entity, alias: 'rule', writable: [] });

/** A member's balance or score log: the member joined, newest first. */
export const balanceLogList = <E extends UserMoneyLogEntity | UserScoreLogEntity>(entity: new () => E, amount: string): CrudDefinition<E> => ({
  entity,
  alias: 'log',
  writable: [],
  joins: { user: { entity: UserEntity, on: 'user_id', columns: ['username', 'nickname'] } },
  quickSearchFields: ['id', 'user.username', 'user.nickname', 'memo'],
  searchFields: ['id', 'user_id', amount, 'before', 'after', 'memo', 'createtime', 'user.username', 'user.nickname'],
  filterParams: ['user_id'],
  defaultOrder: [{ field: 'id', direction: 'DESC' as const }],
});

/** The API tokens, with their admin's name; the token's hash is never selected. */
export const API_TOKEN_LIST: CrudDefinition<ApiTokenEntity> = {
  entity: ApiTokenEntity,
  alias: 'tok',
  writable: [],
  hidden: ['token_hash'],
  joins: { admin: { entity: AdminEntity, on: 'admin_id', columns: ['username', 'nickname'] } },
  quickSearchFields: ['id', 'name', 'token_prefix'],
  searchFields: ['id', 'name', 'admin_id', 'token_prefix', 'status', 'expire_time', 'last_used_time', 'last_used_ip', 'createtime', 'admin.username'],
  defaultOrder: [{ field: 'id', direction: 'DESC' as const }],
};
