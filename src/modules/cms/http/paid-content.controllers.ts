import { Body, Controller, Get, HttpCode, HttpStatus, Post, Query } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { BoughtContent, ContentModelField } from '../../../../contract/cms';
import { CrudController, ListResult, parseId } from '../../../shared/crud';
import { TransactionRunner } from '../../../shared/database/transaction-runner';
import { AuthMember, CurrentMember, LoginOnly } from '../../../shared/http/auth.decorators';
import { Reply, reply } from '../../../shared/http/reply';
import { BuyContentCommand } from '../commands/buy-content/buy-content.command';
import { channelModelFields, CmsExtraCruds } from '../crud/extra.cruds';
import { CmsContentModelEntity } from '../persistence/cms.entities';
import { BuyContentDto } from './dto/extras.dto';

/*
 * Paid content and content models (part of the `cms` module): content models and the pay log in the back
 * office, the fields a channel's content carries (for the content form), and a member's purchase.
 */

@Controller('admin/cms.ContentModel')
export class ContentModelController extends CrudController<CmsContentModelEntity> {
  constructor(cruds: CmsExtraCruds) {
    super(cruds.contentModel);
  }
}

@Controller('admin/cms.PayLog')
export class PayLogController {
  constructor(private readonly cruds: CmsExtraCruds) {}

  @Get('index')
  index(@Query() query: Record<string, unknown>): Promise<ListResult> {
    return this.cruds.payLog.list(query, { controllerPath: 'cms/paylog' });
  }
}

/** The model fields of a channel, which the content form renders (any signed-in admin may read them). */
@Controller('admin/cms.Content')
export class ContentModelFieldsController {
  constructor(private readonly transactions: TransactionRunner) {}

  @LoginOnly()
  @Get('modelFields')
  async fields(@Query('channel_id') channelId: unknown): Promise<{ model: { id: number; name: string } | null; fields: ContentModelField[] }> {
    const model = await channelModelFields(this.transactions.manager, parseId(channelId));
    return { model: model ? { id: model.id, name: model.name } : null, fields: model?.fields ?? [] };
  }
}

@Controller('api/cms')
export class PaidContentSiteController {
  constructor(private readonly commands: CommandBus) {}

  @LoginOnly()
  @Post('buy')
  @HttpCode(HttpStatus.OK)
  async buy(@Body() body: BuyContentDto, @CurrentMember() member: AuthMember): Promise<Reply<BoughtContent>> {
    return reply(await this.commands.execute(new BuyContentCommand(body.id, member.id)), 'cms.bought');
  }
}

export const PAID_CONTENT_CONTROLLERS = [ContentModelController, PayLogController, ContentModelFieldsController, PaidContentSiteController];
