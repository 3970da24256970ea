import { Injectable } from '@nestjs/common';
import { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { buildTree, CrudKit, CrudRow, CrudService, ListResult, parseId, parseIds, TreeNode } from '../../../shared/crud';
import { AppError } from '../../../shared/http/app-error';
import { AuthAdmin } from '../../../shared/http/auth.decorators';
import { unixNow } from '../../../shared/http/envelope';
import type { ApiTokenCreated } from '../../../../contract/integration';
import { API_TOKEN_LIST } from '../crud/accounts.cruds';
import { apiTokenHash, apiTokenPrefix, newApiToken, rulesBeyond, tokenRuleIds } from '../domain/api-token';
import { ruleTitle } from '../identity/rule-title';
import { ApiTokenDto, EditApiTokenDto } from '../http/dto/api-token.dto';
import { AdminEntity } from '../persistence/admin.entity';
import { ApiTokenEntity } from '../persistence/api-token.entity';
import { AdminAccessService } from './admin-access.service';

/**
 * The back office's API tokens (`auth.ApiToken`). A super admin manages every token and may make one for any
 * admin; anyone else only their own. A token's rules must be rules its admin holds when it is written (and
 * at each request only those the admin still holds count, ApiTokenAccessService). The token is generated
 * here, answered once by `add`, and only its hash is kept.
 */
@Injectable()
export class ApiTokenService {
  private readonly crud: CrudService<ApiTokenEntity>;

  constructor(
    private readonly kit: CrudKit,
    private readonly access: AdminAccessService,
  ) {
    this.crud = new CrudService(kit, API_TOKEN_LIST);
  }

  async list(query: Record<string, unknown>, operator: AuthAdmin): Promise<ListResult> {
    const answer = await this.crud.list(query, { controllerPath: 'auth/apitoken', scope: this.visibleTo(operator) });
    return { ...answer, list: answer.list.map(withRuleIds) };
  }

  async get(id: unknown, operator: AuthAdmin): Promise<{ row: CrudRow }> {
    const row = await this.own(parseId(id), operator);
    return { row: withRuleIds((await this.crud.get(row.id)).row) };
  }

  async add(input: ApiTokenDto, operator: AuthAdmin): Promise<ApiTokenCreated> {
    const adminId = input.admin_id ?? operator.id;
    if (adminId !== operator.id && !operator.isSuper) throw new AppError('accounts.api_token_other_admin');
    const rules = await this.checkedRules(adminId, input.rules);
    const now = unixNow();
    const expires = input.expire_time || null;
    if (expires !== null && expires <= now) throw new AppError('accounts.api_token_expiry_past');
    const token = newApiToken();
    const id = await this.kit.transactions.run(async (manager) => {
      const result = await manager.insert(ApiTokenEntity, {
        name: input.name.trim(),
        admin_id: adminId,
        token_hash: apiTokenHash(token),
        token_prefix: apiTokenPrefix(token),
        rules: rules.join(','),
        expire_time: expires,
        last_used_time: null,
        last_used_ip: '',
        status: input.status ?? 1,
        createtime: now,
        updatetime: now,
      });
      return Number(result.identifiers[0].id);
    });
    return { row: withRuleIds((await this.crud.get(id)).row), token };
  }

  async edit(input: EditApiTokenDto, operator: AuthAdmin): Promise<CrudRow> {
    const existing = await this.own(input.id, operator);
    const rules = await this.checkedRules(existing.admin_id, input.rules);
    await this.kit.transactions.run((manager) =>
      manager.update(ApiTokenEntity, { id: existing.id }, { name: input.name.trim(), rules: rules.join(','), expire_time: input.expire_time || null, status: input.status ?? existing.status, updatetime: unixNow() }),
    );
    return withRuleIds((await this.crud.get(existing.id)).row);
  }

  /** Deleting a token refuses its next request (the row is read on every request). */
  async del(ids: unknown, operator: AuthAdmin): Promise<{ count: number }> {
    const wanted = parseIds(ids);
    const mine = operator.isSuper ? wanted : (await this.kit.dataSource.getRepository(ApiTokenEntity).find({ select: { id: true }, where: wanted.map((id) => ({ id, admin_id: operator.id })) })).map((r) => r.id);
    if (!mine.length) throw new AppError('crud.no_rows_deleted');
    return this.crud.del(mine);
  }

  /** The rules the operator holds as a tree, for the token form (a token can only carry rules its admin holds). */
  async ruleTree(operator: AuthAdmin): Promise<Array<TreeNode<RuleOption>>> {
    const { rules } = await this.access.rightsOf(operator.id);
    const options = rules.map((rule) => ({ id: rule.id, pid: rule.pid, title: ruleTitle(rule), name: rule.name, type: rule.type, icon: rule.icon, weigh: rule.weigh }));
    return buildTree(options.sort((a, b) => b.weigh - a.weigh || a.id - b.id));
  }

  private async checkedRules(adminId: number, requested: number[]): Promise<number[]> {
    const admin = await this.kit.dataSource.getRepository(AdminEntity).findOne({ where: { id: adminId }, select: { id: true } });
    if (!admin) throw new AppError('accounts.api_token_admin_unknown');
    const rules = [...new Set(requested)].sort((a, b) => a - b);
    if (!rules.length) throw new AppError('validation.required', { field: '@fields.rules' });
    const beyond = rulesBeyond(rules, (await this.access.rightsOf(adminId)).ruleIds);
    if (beyond.length) throw new AppError('accounts.api_token_rules_beyond', { ids: beyond.slice(0, 10).join(', ') });
    return rules;
  }

  private async own(id: number, operator: AuthAdmin): Promise<ApiTokenEntity> {
    const row = await this.kit.dataSource.getRepository(ApiTokenEntity).findOne({ where: { id } });
    if (!row || (!operator.isSuper && row.admin_id !== operator.id)) throw new AppError('crud.record_not_found');
    return row;
  }

  private visibleTo(operator: AuthAdmin) {
    return (qb: SelectQueryBuilder<ObjectLiteral>) => (operator.isSuper ? qb : qb.andWhere('tok.admin_id = :me', { me: operator.id }));
  }
}

interface RuleOption {
  id: number;
  pid: number;
  title: string;
  name: string;
  type: string;
  icon: string;
  weigh: number;
}

/** A row as answered: `rules` as a list of ids. */
function withRuleIds(row: CrudRow): CrudRow {
  return { ...row, rules: tokenRuleIds(row.rules as string | null) };
}
