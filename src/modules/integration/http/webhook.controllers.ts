import { All, Body, Controller, Get, Post, Query, Req } from '@nestjs/common';
import { Request } from 'express';
import { AppError } from '../../../shared/http/app-error';
import { AuthAdmin, CurrentAdmin } from '../../../shared/http/auth.decorators';
import { reply } from '../../../shared/http/reply';
import { WebhooksService } from '../services/webhooks.service';
import { EditWebhookDto, WebhookDto, WebhookIdDto } from './dto/webhook.dto';

/** `routine.Webhook`: where events are sent (the guard checks `routine/webhook/<action>`). */
@Controller('admin/routine.Webhook')
export class WebhookController {
  constructor(private readonly webhooks: WebhooksService) {}

  @Get('index')
  index(@Query() query: Record<string, unknown>) {
    return this.webhooks.list(query);
  }

  @Get('edit')
  row(@Query('id') id: unknown) {
    return this.webhooks.get(id);
  }

  /** Answers `{row, secret}`: the signing secret is shown this once. */
  @Post('add')
  async add(@Body() body: WebhookDto, @CurrentAdmin() admin: AuthAdmin) {
    return reply(await this.webhooks.add(body, admin), 'integration.webhook_created');
  }

  @Post('edit')
  async edit(@Body() body: EditWebhookDto) {
    return reply(await this.webhooks.edit(body), 'crud.updated');
  }

  @All('del')
  async del(@Req() request: Request) {
    if (request.method !== 'DELETE') throw new AppError('crud.parameter_error');
    return reply(await this.webhooks.del(request.query.ids), 'crud.deleted');
  }

  /** Sends a test event to this webhook; answers its delivery. */
  @Post('test')
  async test(@Body() body: WebhookIdDto) {
    return reply(await this.webhooks.test(body.id), 'integration.test_sent');
  }
}

/** `routine.WebhookDelivery`: every event for every webhook, its attempts, and redelivery. */
@Controller('admin/routine.WebhookDelivery')
export class WebhookDeliveryController {
  constructor(private readonly webhooks: WebhooksService) {}

  @Get('index')
  index(@Query() query: Record<string, unknown>) {
    return this.webhooks.listDeliveries(query);
  }

  @Post('redeliver')
  async redeliver(@Body() body: { ids?: unknown }) {
    return reply(await this.webhooks.redeliver(body?.ids), 'integration.redelivered');
  }
}
