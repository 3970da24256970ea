import { All, Body, Get, Post, Query, Req } from '@nestjs/common';
import { PATH_METADATA } from '@nestjs/common/constants';
import { Request } from 'express';
import { ObjectLiteral } from 'typeorm';
import { AppError } from '../http/app-error';
import { permissionNode } from '../http/permission-node';
import { Reply, reply } from '../http/reply';
import { CrudRow, CrudService, ListResult } from './crud.service';

/**
 * The six generic actions of a back-office resource (docs/API.md) over a CrudService. A subclass adds
 * `@Controller('admin/<dir>.<Controller>')` and, if needed, further actions; the guard checks permissions
 * from the route, so nothing here does.
 */
export abstract class CrudController<E extends ObjectLiteral> {
  constructor(protected readonly crud: CrudService<E>) {}

  @Get('index')
  index(@Query() query: Record<string, unknown>): Promise<ListResult> {
    return this.crud.list(query, { controllerPath: this.controllerPath() });
  }

  @Get('edit')
  row(@Query('id') id: unknown): Promise<{ row: CrudRow }> {
    return this.crud.get(id);
  }

  @Post('add')
  async add(@Body() body: unknown): Promise<Reply<CrudRow>> {
    return reply(await this.crud.add(body), 'crud.added');
  }

  @Post('edit')
  async edit(@Body() body: unknown): Promise<Reply<CrudRow>> {
    return reply(await this.crud.edit(body), 'crud.updated');
  }

  /** Every method reaches this route so that a GET answers "Parameter error" (as BuildAdmin does), not 404. */
  @All('del')
  async del(@Req() request: Request): Promise<Reply<{ count: number }>> {
    if (request.method !== 'DELETE') throw new AppError('crud.parameter_error');
    return reply(await this.crud.del(request.query.ids), 'crud.deleted');
  }

  @Post('sortable')
  async sortable(@Body() body: unknown): Promise<null> {
    const { id, targetId } = (body ?? {}) as { id?: unknown; targetId?: unknown };
    await this.crud.sortable(id, targetId);
    return null;
  }

  /** `admin/wms.Brand` → `wms/brand`, the key of the admin rule whose remark the list carries. */
  protected controllerPath(): string {
    const path: string | undefined = Reflect.getMetadata(PATH_METADATA, this.constructor);
    return path ? permissionNode(path, '') : '';
  }
}
