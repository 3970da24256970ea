import { All, Body, Controller, Get, Post, Query, Req } from '@nestjs/common';
import { Request } from 'express';
import { AppError } from '../../../shared/http/app-error';
import { AuthAdmin, CurrentAdmin, LoginOnly, SessionOnly } from '../../../shared/http/auth.decorators';
import { reply } from '../../../shared/http/reply';
import { ApiTokenService } from '../auth/api-token.service';
import { ApiTokenDto, EditApiTokenDto } from './dto/api-token.dto';

/**
 * `auth.ApiToken`: the tokens shops and ERPs call the API with. Managed from a session only: a token never
 * manages tokens (it could make one its own rules do not allow).
 */
@SessionOnly()
@Controller('admin/auth.ApiToken')
export class ApiTokenController {
  constructor(private readonly tokens: ApiTokenService) {}

  @Get('index')
  index(@Query() query: Record<string, unknown>, @CurrentAdmin() operator: AuthAdmin) {
    return this.tokens.list(query, operator);
  }

  @Get('edit')
  row(@Query('id') id: unknown, @CurrentAdmin() operator: AuthAdmin) {
    return this.tokens.get(id, operator);
  }

  /** Answers `{row, token}`: the token is shown this once and never again. */
  @Post('add')
  async add(@Body() body: ApiTokenDto, @CurrentAdmin() operator: AuthAdmin) {
    return reply(await this.tokens.add(body, operator), 'accounts.api_token_created');
  }

  @Post('edit')
  async edit(@Body() body: EditApiTokenDto, @CurrentAdmin() operator: AuthAdmin) {
    return reply(await this.tokens.edit(body, operator), 'crud.updated');
  }

  @All('del')
  async del(@Req() request: Request, @CurrentAdmin() operator: AuthAdmin) {
    if (request.method !== 'DELETE') throw new AppError('crud.parameter_error');
    return reply(await this.tokens.del(request.query.ids, operator), 'crud.deleted');
  }

  /** The rules the signed-in admin holds, as a tree (`{list}`, like `auth.Rule/index`): what the token form offers. */
  @LoginOnly()
  @Get('rules')
  async rules(@CurrentAdmin() operator: AuthAdmin) {
    return { list: await this.tokens.ruleTree(operator) };
  }
}
