import { Body, Controller, Get, HttpCode, HttpStatus, Post, Query, Res } from '@nestjs/common';
import { Response } from 'express';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { Transform } from 'class-transformer';
import { CrudKit, CrudRow, CrudService, ListResult } from '../../../../shared/crud';
import { sendCsv } from '../../../../shared/http/csv-export';
import { AppError } from '../../../../shared/http/app-error';
import { reply, Reply } from '../../../../shared/http/reply';
import { translate } from '../../../../shared/http/translate';
import { msg } from '../../../../shared/http/validation';
import { MAIL_BODY_MAX, TITLE_MAX, validateTemplate } from '../domain/message-template';
import { MessageTemplateEntity } from '../persistence/message-template.entity';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const toInt = ({ value }: { value: unknown }) => (typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value);

/** What an edit may change: the texts, the provider's template code and whether the template is used. */
export class EditMessageTemplateDto {
  @IsOptional() @Transform(trim) @IsString({ message: msg('validation.invalid') }) @MaxLength(TITLE_MAX, { message: msg('validation.max_length', { max: TITLE_MAX }) }) title?: string;
  @IsOptional() @IsString({ message: msg('validation.invalid') }) @MaxLength(MAIL_BODY_MAX, { message: msg('validation.max_length', { max: MAIL_BODY_MAX }) }) content?: string;
  @IsOptional() @Transform(trim) @IsString({ message: msg('validation.invalid') }) @MaxLength(64, { message: msg('validation.max_length', { max: 64 }) }) template_code?: string;
  @IsOptional() @Transform(toInt) @IsIn([0, 1], { message: msg('validation.in') }) status?: number;
}

/**
 * Routine → Message templates (`admin/routine.MessageTemplate`): the list (searchable, CSV export) and the
 * edit of each template. Templates are the fixed set of events × channels × languages: none is added or
 * deleted. An edit is checked against its event (known variables only, `{code}` where a code is sent).
 */
@Controller('admin/routine.MessageTemplate')
export class MessageTemplateController {
  private readonly crud: CrudService<MessageTemplateEntity>;

  constructor(kit: CrudKit) {
    this.crud = new CrudService(kit, {
      entity: MessageTemplateEntity,
      alias: 'template',
      writable: ['title', 'content', 'template_code', 'status'],
      searchFields: ['id', 'event', 'channel', 'lang', 'title', 'content', 'template_code', 'status', 'updatetime'],
      quickSearchFields: ['event', 'title', 'content', 'template_code'],
      filterParams: ['event', 'channel', 'lang', 'status'],
      defaultOrder: [{ field: 'id', direction: 'ASC' }],
      validation: { edit: EditMessageTemplateDto },
      hooks: {
        beforeWrite: (data, { existing }) => {
          if (!existing) throw new AppError('crud.parameter_error');
          const merged = { ...existing, ...data } as MessageTemplateEntity;
          validateTemplate(existing.event, existing.channel, { title: merged.channel === 'email' ? merged.title : '', content: merged.content, template_code: merged.template_code });
          if (existing.channel === 'sms') data.title = '';
        },
      },
    });
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
