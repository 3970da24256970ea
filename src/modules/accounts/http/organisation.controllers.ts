import { Controller } from '@nestjs/common';
import { CrudController, TreeCrudController } from '../../../shared/crud';
import { OrganisationCruds } from '../crud/organisation.cruds';
import { AdminDepartmentEntity, AdminJobEntity } from '../persistence/organisation.entities';

/** Departments (`auth/department/*`): a tree, answered whole by `index` (`{options}` for a picker). */
@Controller('admin/auth.Department')
export class DepartmentController extends TreeCrudController<AdminDepartmentEntity> {
  constructor(cruds: OrganisationCruds) {
    super(cruds.department);
  }
}

/** Jobs (`auth/job/*`). */
@Controller('admin/auth.Job')
export class JobController extends CrudController<AdminJobEntity> {
  constructor(cruds: OrganisationCruds) {
    super(cruds.job);
  }
}
