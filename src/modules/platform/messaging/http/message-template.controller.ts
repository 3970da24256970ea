import { Body, Controller, Get, HttpCode, HttpStatus, Post, Query, Res } from '@nestjs/common';
import { Response } from 'express';
import { CrudKit, CrudRow, CrudService, ListResult } from '../../../../shared/crud';
import { sendCsv } from '../../../../shared/http/csv-export';
import { reply, Reply } from '../../../../shared/http/reply';
import { translate } from '../../../../shared/http/translate';
import { MessageTemplateEntity } from '../persistence/message-template.entity';
import { MESSAGE_TEMPLATE_LIST } from '../crud/message-template.crud';

/**
 * Routine → Message templates (`admin/routine.MessageTemplate`): the list (searchable, CSV export) and the
 * edit of each template. Templates are the fixed set of events × channels × languages: none is added or
 * deleted. An edit is checked against its event (known variables only, `{code}` where a code is sent).
 */
@Controller('admin/routine.MessageTemplate')
export class MessageTemplateController {
  private readonly crud: CrudService<MessageTemplateEntity>;

  constructor(kit: CrudKit) {
    this.crud = new CrudService(kit, MESSAGE_TEMPLATE_LIST);
  }

  @Get('index')
  index(@Query() query: Record<string, unknown>): Promise<ListResult> {
    return this.crud.list(query, { controllerPath: 'routine/messagetemplate' });
  }

  @Get('edit')
  row(@Query('id') id: unknown): Promise<{ row: CrudRow }> {
    return this.crud.get(id);
  }

  @Post('edit')
  @HttpCode(HttpStatus.OK)
  async edit(@Body() body: unknown): Promise<Reply<CrudRow>> {
    return reply(await this.crud.edit(body), 'crud.updated');
  }

  @Get('export')
  async export(@Query() query: Record<string, unknown>, @Res() response: Response): Promise<void> {
    const h = (key: string) => translate(`messaging.template.${key}`);
    await sendCsv<CrudRow>(
      response,
      `message-templates-${new Date().toISOString().slice(0, 10)}.csv`,
      [
        { header: h('event'), value: (r) => translate(`messaging.template.events.${String(r.event)}`) },
        { header: h('channel'), value: (r) => translate(`messaging.template.channels.${String(r.channel)}`) },
        { header: h('lang'), value: (r) => r.lang },
        { header: h('title'), value: (r) => r.title },
        { header: h('content'), value: (r) => r.content },
        { header: h('template_code'), value: (r) => r.template_code },
        { header: h('status'), value: (r) => translate(Number(r.status) === 1 ? 'messaging.template.enabled' : 'messaging.template.disabled') },
      ],
      this.crud.scan(query, { chunkSize: 500 }),
    );
  }
}
