import { Injectable } from '@nestjs/common';
import { assertTreeParent, CrudDefinition, CrudKit, CrudService, TreeCrudService } from '../../../shared/crud';
import { isMysql } from '../../../shared/database/sql-dialect';
import { AppError } from '../../../shared/http/app-error';
import { AddDepartmentDto, AddJobDto, EditDepartmentDto, EditJobDto } from '../http/dto/organisation.dto';
import { AdminEntity } from '../persistence/admin.entity';
import { AdminDepartmentEntity, AdminJobEntity } from '../persistence/organisation.entities';

const TIMES = ['createtime', 'updatetime'] as const;

/** Departments: a tree (the one tree mechanism of channels and categories); not deleted while it has sub-departments or admins. */
export function departmentCrud(): CrudDefinition<AdminDepartmentEntity> {
  return {
    entity: AdminDepartmentEntity,
    alias: 'department',
    writable: ['pid', 'name', 'weigh', 'status'],
    searchFields: ['id', 'pid', 'name', 'weigh', 'status', ...TIMES],
    quickSearchFields: ['id', 'name'],
    filterParams: ['pid', 'status'],
    defaultOrder: [
      { field: 'weigh', direction: 'DESC' },
      { field: 'id', direction: 'ASC' },
    ],
    validation: { add: AddDepartmentDto, edit: EditDepartmentDto },
    hooks: {
      async beforeWrite(data, { manager, existing }) {
        if (!existing) data.pid ??= 0;
        if (data.pid === undefined || (existing && data.pid === existing.pid)) return;
        await assertTreeParent(manager, {
          entity: AdminDepartmentEntity,
          pid: Number(data.pid),
          existing,
          cycleMessage: 'accounts.department_parent_invalid',
          missingMessage: 'accounts.department_missing',
        });
      },
      async beforeDelete(rows, { manager }) {
        const ids = rows.map((row) => row.id);
        const child = await manager
          .createQueryBuilder(AdminDepartmentEntity, 'd')
          .select(['d.id', 'd.pid'])
          .where('d.pid IN (:...ids)', { ids })
          .andWhere('d.id NOT IN (:...ids)', { ids })
          .getOne();
        if (child) throw new AppError('accounts.department_has_children', { name: rows.find((r) => r.id === child.pid)?.name ?? '' });
        const member = await manager.createQueryBuilder(AdminEntity, 'a').select(['a.id', 'a.department_id']).where('a.department_id IN (:...ids)', { ids }).getOne();
        if (member) throw new AppError('accounts.department_has_admins', { name: rows.find((r) => r.id === member.department_id)?.name ?? '' });
      },
    },
  };
}

/** Jobs: unique names; not deleted while an admin holds one. */
export function jobCrud(): CrudDefinition<AdminJobEntity> {
  return {
    entity: AdminJobEntity,
    alias: 'job',
    writable: ['name', 'weigh', 'status'],
    searchFields: ['id', 'name', 'weigh', 'status', ...TIMES],
    quickSearchFields: ['id', 'name'],
    filterParams: ['status'],
    validation: { add: AddJobDto, edit: EditJobDto },
    hooks: {
      async beforeWrite(data, { manager, existing }) {
        if (typeof data.name !== 'string' || data.name === existing?.name) return;
        const qb = manager.createQueryBuilder(AdminJobEntity, 'j').select('j.id').where('j.name = :name', { name: data.name });
        if (existing) qb.andWhere('j.id <> :id', { id: existing.id });
        if (isMysql(manager)) qb.setLock('pessimistic_write');
        if (await qb.getOne()) throw new AppError('accounts.job_exists', { name: data.name });
      },
      async beforeDelete(rows, { manager }) {
        const ids = rows.map((row) => row.id);
        const holder = await manager.createQueryBuilder(AdminEntity, 'a').select(['a.id', 'a.job_id']).where('a.job_id IN (:...ids)', { ids }).getOne();
        if (holder) throw new AppError('accounts.job_in_use', { name: rows.find((r) => r.id === holder.job_id)?.name ?? '' });
      },
    },
  };
}

@Injectable()
export class OrganisationCruds {
  readonly department: TreeCrudService<AdminDepartmentEntity>;
  readonly job: CrudService<AdminJobEntity>;

  constructor(kit: CrudKit) {
    this.department = new TreeCrudService(kit, departmentCrud());
    this.job = new CrudService(kit, jobCrud());
  }
}
