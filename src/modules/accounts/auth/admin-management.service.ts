import { Injectable } from '@nestjs/common';
import { EntityManager, In, Not } from 'typeorm';
import { DataChanges } from '../../../shared/crud';
import { TransactionRunner } from '../../../shared/database/transaction-runner';
import { AppError, NoPermissionError } from '../../../shared/http/app-error';
import { AuthAdmin } from '../../../shared/http/auth.decorators';
import { unixNow } from '../../../shared/http/envelope';
import { dominates } from '../domain/rule-tree';
import { hashPassword } from '../domain/password';
import { AdminEntity } from '../persistence/admin.entity';
import { AdminDepartmentEntity, AdminJobEntity } from '../persistence/organisation.entities';
import { AdminGroupAccessEntity, AdminGroupEntity } from '../persistence/admin-group.entity';
import { AddAdminDto, EditAdminDto } from '../http/dto/admin.dto';
import { AdminAccessService } from './admin-access.service';
import { TokenService } from './token.service';

/**
 * The rules for managing admins (as in BuildAdmin): an operator sees and manages only admins
 * of groups it dominates (and itself), assigns only such groups, never disables or deletes itself.
 */
@Injectable()
export class AdminManagementService {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly access: AdminAccessService,
    private readonly tokens: TokenService,
    private readonly dataChanges: DataChanges,
  ) {
    // The recycle bin: a deleted admin comes back with its group memberships while its names are free and
    // its groups exist. The sensitive-data log: group membership is a field of the admin (`group_ids`).
    const groups = { column: 'group_id', table: 'admin_group', label: '@fields.group_arr' };
    dataChanges.describe('admin', { unique: ['username', 'email', 'mobile'], children: [{ target: AdminGroupAccessEntity, column: 'uid', parents: [groups] }] });
    dataChanges.registerVirtualField('admin', 'group_ids', {
      read: async (manager, id) =>
        (await manager.find(AdminGroupAccessEntity, { where: { uid: id } }))
          .map((a) => a.group_id)
          .sort((a, b) => a - b)
          .join(','),
      write: async (manager, id, value) => {
        const wanted = value.split(',').filter(Boolean).map(Number);
        const present = wanted.length ? await manager.find(AdminGroupEntity, { where: { id: In(wanted) }, select: { id: true } }) : [];
        const missing = wanted.find((groupId) => !present.some((g) => g.id === groupId));
        if (missing) throw new AppError('security.parent_missing', { parent: '@fields.group_arr', id: missing });
        await manager.delete(AdminGroupAccessEntity, { uid: id });
        if (wanted.length) await manager.insert(AdminGroupAccessEntity, wanted.map((group_id) => ({ uid: id, group_id })));
      },
    });
  }

  /** Group ids the operator may assign (every group for a super admin). */
  async assignableGroupIds(operator: AuthAdmin, manager: EntityManager): Promise<Set<number>> {
    const groups = await manager.find(AdminGroupEntity);
    if (operator.isSuper) return new Set(groups.map((g) => g.id));
    const rights = await this.access.rightsOf(operator.id);
    return new Set(groups.filter((g) => g.status === 1 && dominates({ isSuper: false, ruleIds: rights.ruleIds }, g.rules)).map((g) => g.id));
  }

  /** Admin ids the operator may see and manage: itself plus admins whose every group it dominates. */
  async manageableAdminIds(operator: AuthAdmin, manager: EntityManager): Promise<number[] | 'all'> {
    if (operator.isSuper) return 'all';
    const assignable = await this.assignableGroupIds(operator, manager);
    const rows = await manager.find(AdminGroupAccessEntity);
    const byAdmin = new Map<number, number[]>();
    for (const row of rows) byAdmin.set(row.uid, [...(byAdmin.get(row.uid) ?? []), row.group_id]);
    const ids = [...byAdmin].filter(([, groups]) => groups.every((g) => assignable.has(g))).map(([uid]) => uid);
    return [...new Set([...ids, operator.id])];
  }

  async add(input: AddAdminDto, operator: AuthAdmin): Promise<number> {
    return this.transactions.run(async (manager) => {
      await this.checkGroups(input.group_arr, operator, manager);
      await this.checkUnique(manager, input);
      await this.checkOrganisation(manager, input);
      const now = unixNow();
      const { identifiers } = await manager.insert(AdminEntity, {
        username: input.username,
        nickname: input.nickname,
        avatar: input.avatar ?? '',
        email: input.email ?? '',
        mobile: input.mobile ?? '',
        motto: input.motto ?? '',
        status: input.status ?? 1,
        department_id: input.department_id ?? 0,
        job_id: input.job_id ?? 0,
        login_failure: 0,
        lastloginip: '',
        password: await hashPassword(input.password),
        createtime: now,
        updatetime: now,
      });
      const id = identifiers[0].id as number;
      await manager.insert(AdminGroupAccessEntity, input.group_arr.map((group_id) => ({ uid: id, group_id })));
      return id;
    });
  }

  async edit(input: EditAdminDto, operator: AuthAdmin): Promise<void> {
    await this.transactions.run(async (manager) => {
      await this.checkManageable([input.id], operator, manager);
      const existing = await manager.findOne(AdminEntity, { where: { id: input.id } });
      if (!existing) throw new AppError('crud.record_not_found');
      if (input.id === operator.id && input.status === 0) throw new AppError('accounts.cannot_disable_self');
      const recordChanges = await this.dataChanges.beforeEdit(manager, { target: AdminEntity, id: input.id });
      const current = (await manager.find(AdminGroupAccessEntity, { where: { uid: input.id } })).map((a) => a.group_id).sort();
      const wanted = [...new Set(input.group_arr)].sort();
      if (current.join() !== wanted.join()) {
        if (input.id === operator.id && !operator.isSuper) throw new AppError('accounts.cannot_edit_own_group');
        await this.checkGroups(wanted, operator, manager);
        await manager.delete(AdminGroupAccessEntity, { uid: input.id });
        await manager.insert(AdminGroupAccessEntity, wanted.map((group_id) => ({ uid: input.id, group_id })));
      }
      await this.checkUnique(manager, input, input.id);
      await this.checkOrganisation(manager, input);
      const changes: Partial<AdminEntity> = {
        username: input.username,
        nickname: input.nickname,
        avatar: input.avatar ?? existing.avatar,
        email: input.email ?? existing.email,
        mobile: input.mobile ?? existing.mobile,
        motto: input.motto ?? existing.motto,
        status: input.status ?? existing.status,
        department_id: input.department_id ?? existing.department_id,
        job_id: input.job_id ?? existing.job_id,
        updatetime: unixNow(),
      };
      if (input.password) changes.password = await hashPassword(input.password);
      await manager.update(AdminEntity, { id: input.id }, changes);
      await recordChanges(manager);
      // A new password or a disabled account signs the admin out everywhere.
      if (input.password || changes.status === 0) await this.tokens.revokeAll(manager, ['admin', 'admin-refresh'], input.id);
    });
  }

  async del(ids: number[], operator: AuthAdmin): Promise<number> {
    return this.transactions.run(async (manager) => {
      const targets = ids.filter((id) => id !== operator.id);
      if (!targets.length) throw new AppError(ids.includes(operator.id) ? 'accounts.cannot_delete_self' : 'crud.no_rows_deleted');
      await this.checkManageable(targets, operator, manager);
      const existing = await manager.find(AdminEntity, { where: { id: In(targets) }, select: { id: true } });
      if (!existing.length) throw new AppError('crud.no_rows_deleted');
      const found = existing.map((a) => a.id);
      await this.dataChanges.beforeDelete(manager, { target: AdminEntity, ids: found, soft: false });
      await manager.delete(AdminGroupAccessEntity, { uid: In(found) });
      for (const id of found) await this.tokens.revokeAll(manager, ['admin', 'admin-refresh'], id);
      await manager.delete(AdminEntity, { id: In(found) });
      return found.length;
    });
  }

  private async checkGroups(groupIds: number[], operator: AuthAdmin, manager: EntityManager): Promise<void> {
    const assignable = await this.assignableGroupIds(operator, manager);
    if (!groupIds.every((id) => assignable.has(id))) throw new AppError('accounts.group_no_permission');
  }

  private async checkManageable(ids: number[], operator: AuthAdmin, manager: EntityManager): Promise<void> {
    const allowed = await this.manageableAdminIds(operator, manager);
    if (allowed !== 'all' && !ids.every((id) => allowed.includes(id))) throw new NoPermissionError();
  }

  /** A department or job named must exist (0 is none). */
  private async checkOrganisation(manager: EntityManager, input: { department_id?: number; job_id?: number }): Promise<void> {
    if (input.department_id && !(await manager.findOne(AdminDepartmentEntity, { where: { id: input.department_id }, select: { id: true } }))) {
      throw new AppError('accounts.department_missing');
    }
    if (input.job_id && !(await manager.findOne(AdminJobEntity, { where: { id: input.job_id }, select: { id: true } }))) throw new AppError('accounts.job_missing');
  }

  private async checkUnique(manager: EntityManager, input: { username: string; email?: string; mobile?: string }, exceptId?: number): Promise<void> {
    const others = exceptId ? { id: Not(exceptId) } : {};
    if (await manager.count(AdminEntity, { where: { username: input.username, ...others } })) throw new AppError('accounts.username_taken');
    if (input.email && (await manager.count(AdminEntity, { where: { email: input.email, ...others } }))) throw new AppError('accounts.email_taken');
    if (input.mobile && (await manager.count(AdminEntity, { where: { mobile: input.mobile, ...others } }))) throw new AppError('accounts.mobile_taken');
  }
}
