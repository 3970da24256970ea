import { All, Body, Controller, Get, HttpCode, HttpStatus, Post, Query, Req } from '@nestjs/common';
import { Request } from 'express';
import { CrudRow, ListResult } from '../../../../shared/crud';
import { AppError } from '../../../../shared/http/app-error';
import { Reply, reply } from '../../../../shared/http/reply';
import { AttachmentService } from '../attachment.service';
import { suffixOf } from '../upload-rules';

/** Adds what the upload answer also carries: the suffix and the full URL. */
function withLinks(row: CrudRow, origin: string): CrudRow {
  const url = String(row.url ?? '');
  return { ...row, suffix: suffixOf(String(row.name ?? '')), full_url: /^https?:\/\//.test(url) ? url : `${origin}${url}` };
}

const originOf = (request: Request) => `${request.protocol}://${request.get('host') ?? 'localhost'}`;

/** `/admin/routine.Attachment`: index / edit / del; nodes `routine/attachment/<action>`. */
@Controller('admin/routine.Attachment')
export class AttachmentController {
  constructor(private readonly attachments: AttachmentService) {}

  @Get('index')
  async index(@Query() query: Record<string, unknown>, @Req() request: Request): Promise<ListResult> {
    const result = await this.attachments.list(query, { controllerPath: 'routine/attachment' });
    return { ...result, list: result.list.map((row) => withLinks(row, originOf(request))) };
  }

  @Get('edit')
  async row(@Query('id') id: unknown, @Req() request: Request): Promise<{ row: CrudRow }> {
    const { row } = await this.attachments.get(id);
    return { row: withLinks(row, originOf(request)) };
  }

  @Post('edit')
  @HttpCode(HttpStatus.OK)
  async edit(@Body() body: unknown): Promise<Reply<CrudRow>> {
    return reply(await this.attachments.edit(body), 'crud.updated');
  }

  @All('del')
  async del(@Req() request: Request): Promise<Reply<{ count: number }>> {
    if (request.method !== 'DELETE') throw new AppError('crud.parameter_error');
    return reply(await this.attachments.del(request.query.ids), 'crud.deleted');
  }
}
