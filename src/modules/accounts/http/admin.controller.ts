import { All, Body, Controller, Get, Post, Query, Req } from '@nestjs/common';
import { Request } from 'express';
import { In } from 'typeorm';
import { CrudKit, CrudRow, CrudService, parseId, parseIds } from '../../../shared/crud';
import { AppError, NoPermissionError } from '../../../shared/http/app-error';
import { AuthAdmin, CurrentAdmin } from '../../../shared/http/auth.decorators';
import { reply } from '../../../shared/http/reply';
import { AdminManagementService } from '../auth/admin-management.service';
import { AdminEntity } from '../persistence/admin.entity';
import { AdminGroupAccessEntity, AdminGroupEntity } from '../persistence/admin-group.entity';
import { AddAdminDto, EditAdminDto } from './dto/admin.dto';
import { seededText } from '../../../shared/http/seeded-text';
import { ADMIN_LIST } from '../crud/accounts.cruds';

@Controller('admin/auth.admin')
export class AdminController {
  private readonly crud: CrudService<AdminEntity>;

  constructor(
    private readonly kit: CrudKit,
    private readonly management: AdminManagementService,
  ) {
    this.crud = new CrudService(kit, ADMIN_LIST);
  }

  @Get('index')
  async index(@Query() query: Record<string, unknown>, @CurrentAdmin() operator: AuthAdmin) {
    const visible = await this.management.manageableAdminIds(operator, this.kit.dataSource.manager);
    const result = await this.crud.list(query, {
      controllerPath: 'auth/admin',
      scope: (qb) => (visible === 'all' ? qb : qb.andWhere('admin.id IN (:...visibleAdmins)', { visibleAdmins: visible })),
    });
    return { ...result, list: await this.withGroups(result.list) };
  }

  @Get('edit')
  async row(@Query('id') id: unknown, @CurrentAdmin() operator: AuthAdmin) {
    const adminId = parseId(id);
    const visible = await this.management.manageableAdminIds(operator, this.kit.dataSource.manager);
    if (visible !== 'all' && !visible.includes(adminId)) throw new NoPermissionError();
    const { row } = await this.crud.get(adminId);
    return { row: (await this.withGroups([row]))[0] };
  }

  @Post('add')
  async add(@Body() body: AddAdminDto, @CurrentAdmin() operator: AuthAdmin) {
    const id = await this.management.add(body, operator);
    return reply((await this.row(id, operator)).row, 'crud.added');
  }

  @Post('edit')
  async edit(@Body() body: EditAdminDto, @CurrentAdmin() operator: AuthAdmin) {
    await this.management.edit(body, operator);
    return reply((await this.row(body.id, operator)).row, 'crud.updated');
  }

  @All('del')
  async del(@Req() request: Request, @CurrentAdmin() operator: AuthAdmin) {
    if (request.method !== 'DELETE') throw new AppError('crud.parameter_error');
    const count = await this.management.del(parseIds(request.query.ids), operator);
    return reply({ count }, 'crud.deleted');
  }

  /** Adds `group_arr` and `group_name_arr` to each row, with one query for the whole page. */
  private async withGroups(rows: CrudRow[]): Promise<CrudRow[]> {
    const ids = rows.map((r) => Number(r.id));
    if (!ids.length) return rows;
    const links = await this.kit.dataSource
      .createQueryBuilder(AdminGroupAccessEntity, 'a')
      .innerJoinAndMapOne('a.group', AdminGroupEntity, 'g', 'g.id = a.group_id')
      .where({ uid: In(ids) })
      .getMany();
    return rows.map((row) => {
      const mine = links.filter((l) => l.uid === row.id) as Array<AdminGroupAccessEntity & { group: AdminGroupEntity }>;
      return { ...row, group_arr: mine.map((l) => l.group_id), group_name_arr: mine.map((l) => seededText(l.group.name)) };
    });
  }
}
