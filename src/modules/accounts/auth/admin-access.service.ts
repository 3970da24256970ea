import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { CacheRegistry } from '../../../shared/cache/cache-registry';
import { SiteVersion, VersionedCache } from '../../../shared/cache/site-version';
import { AuthAdmin } from '../../../shared/http/auth.decorators';
import { parseRuleIds } from '../domain/rule-tree';
import { AdminEntity } from '../persistence/admin.entity';
import { AdminGroupAccessEntity, AdminGroupEntity } from '../persistence/admin-group.entity';
import { AdminRuleEntity } from '../persistence/admin-rule.entity';

export interface AdminRights {
  isSuper: boolean;
  groupIds: number[];
  /** The names of those groups, as stored. */
  groupNames: string[];
  /** Ids of the enabled rules the admin holds (every enabled rule for a super admin). */
  ruleIds: Set<number>;
  rules: AdminRuleEntity[];
}

/** What an admin may do: groups (enabled) → rules (enabled), `*` meaning all. */
@Injectable()
export class AdminAccessService {
  /** The signed-in admins' accounts and rights, while the site version stays (see SiteVersion). */
  private readonly accounts: VersionedCache<number, Omit<AuthAdmin, 'tokenId'> | null>;

  constructor(
    @InjectRepository(AdminEntity) private readonly admins: Repository<AdminEntity>,
    @InjectRepository(AdminGroupEntity) private readonly groups: Repository<AdminGroupEntity>,
    @InjectRepository(AdminGroupAccessEntity) private readonly access: Repository<AdminGroupAccessEntity>,
    @InjectRepository(AdminRuleEntity) private readonly rules: Repository<AdminRuleEntity>,
    siteVersion: SiteVersion,
    caches: CacheRegistry,
  ) {
    this.accounts = new VersionedCache(siteVersion, caches, 'rules');
  }

  async rightsOf(adminId: number): Promise<AdminRights> {
    const groups = await this.groups
      .createQueryBuilder('g')
      .innerJoin(AdminGroupAccessEntity, 'a', 'a.group_id = g.id')
      .where('a.uid = :adminId AND g.status = 1', { adminId })
      .getMany();
    const parsed = groups.map((g) => parseRuleIds(g.rules));
    const isSuper = parsed.some((p) => p.all);
    const ids = [...new Set(parsed.flatMap((p) => p.ids))];
    const rules = isSuper
      ? await this.rules.find({ where: { status: 1 } })
      : ids.length
        ? await this.rules.find({ where: { status: 1, id: In(ids) } })
        : [];
    return { isSuper, groupIds: groups.map((g) => g.id), groupNames: groups.map((g) => g.name), ruleIds: new Set(rules.map((r) => r.id)), rules };
  }

  /**
   * The signed-in admin for a request, or null when the account is missing or disabled. Runs on every
   * admin request: kept per process while the site version stays the same (a change of the account's name
   * or status, of its groups or of rules raises it); read with raw columns only: the account with its
   * enabled groups in one statement, then (not for a super admin, who passes every check) the names of the
   * rules those groups hold. The token itself is checked on every request (TokenService.checkAccess).
   */
  async authAdmin(adminId: number, tokenId: string): Promise<AuthAdmin | null> {
    const account = await this.accounts.get(adminId, () => this.readAccount(adminId));
    return account ? { ...account, tokenId } : null;
  }

  private async readAccount(adminId: number): Promise<Omit<AuthAdmin, 'tokenId'> | null> {
    const rows = await this.admins
      .createQueryBuilder('u')
      .leftJoin(AdminGroupAccessEntity, 'a', 'a.uid = u.id')
      .leftJoin(AdminGroupEntity, 'g', 'g.id = a.group_id AND g.status = 1')
      .select(['u.id AS id', 'u.username AS username', 'u.nickname AS nickname', 'g.rules AS rules'])
      .where('u.id = :adminId AND u.status = 1', { adminId })
      .getRawMany<{ id: number; username: string; nickname: string; rules: string | null }>();
    if (!rows.length) return null;
    const parsed = rows.filter((row) => row.rules !== null).map((row) => parseRuleIds(row.rules));
    const isSuper = parsed.some((p) => p.all);
    const ids = isSuper ? [] : [...new Set(parsed.flatMap((p) => p.ids))];
    const held = ids.length
      ? await this.rules.createQueryBuilder('r').select('r.name', 'name').where('r.status = 1 AND r.id IN (:...ids)', { ids }).getRawMany<{ name: string }>()
      : [];
    const [{ id, username, nickname }] = rows;
    return { id: Number(id), username, nickname, isSuper, nodes: new Set(held.map((r) => r.name.toLowerCase())) };
  }

  async groupIdsOf(adminId: number): Promise<number[]> {
    return (await this.access.find({ where: { uid: adminId } })).map((a) => a.group_id);
  }
}
