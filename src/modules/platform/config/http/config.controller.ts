import { All, Body, Controller, Get, HttpCode, HttpStatus, Post, Req } from '@nestjs/common';
import { Request } from 'express';
import { AppError } from '../../../../shared/http/app-error';
import { Reply, reply } from '../../../../shared/http/reply';
import { ConfigAdminService, ConfigIndexAnswer } from '../config-admin.service';
import { ConfigItemView } from '../domain/config-item';

/**
 * `/admin/routine.Config`: index / edit / add / del / sendTestMail, nodes
 * `routine/config/<action>`; login and permission required (never public, unlike BuildAdmin).
 */
@Controller('admin/routine.Config')
export class ConfigController {
  constructor(private readonly config: ConfigAdminService) {}

  @Get('index')
  index(): Promise<ConfigIndexAnswer> {
    return this.config.index();
  }

  @Post('edit')
  @HttpCode(HttpStatus.OK)
  async edit(@Body() body: unknown): Promise<Reply<ConfigIndexAnswer>> {
    return reply(await this.config.edit(body), 'config.saved');
  }

  @Post('add')
  @HttpCode(HttpStatus.OK)
  async add(@Body() body: unknown): Promise<Reply<ConfigItemView>> {
    return reply(await this.config.add(body), 'config.added');
  }

  @All('del')
  async del(@Req() request: Request): Promise<Reply<{ count: number }>> {
    if (request.method !== 'DELETE') throw new AppError('crud.parameter_error');
    return reply(await this.config.del(request.query.ids), 'config.deleted');
  }

  @Post('sendTestMail')
  @HttpCode(HttpStatus.OK)
  async sendTestMail(@Body() body: unknown): Promise<Reply<{ mail: string }>> {
    const sent = await this.config.sendTestMail(body);
    return reply(sent, 'config.test_mail_sent', { mail: sent.mail });
  }
}
