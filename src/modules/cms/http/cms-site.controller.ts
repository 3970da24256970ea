import { Body, Controller, Get, HttpCode, HttpStatus, Post, Query, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Request } from 'express';
import { parseId } from '../../../shared/crud';
import { AuthMember, CurrentMember, LoginOnly, Public } from '../../../shared/http/auth.decorators';
import { reply } from '../../../shared/http/reply';
import { ContributeContentCommand } from '../commands/contribute-content/contribute-content.command';
import { PostCommentCommand } from '../commands/post-comment/post-comment.command';
import { CmsSiteReader, pageOf } from '../queries/cms-site/cms-site.reader';
import { ContributeDto, PostCommentDto } from './dto/cms-api.dto';

/**
 * The site's content (`/api/cms/*`): public reads, member comments and contributions. `contributions` and
 * `comments` (the member's own) are member-center pages, checked against the member rules of the same name.
 */
@Controller('api/cms')
export class CmsSiteController {
  constructor(
    private readonly site: CmsSiteReader,
    private readonly commands: CommandBus,
  ) {}

  @Public()
  @Get('index')
  index() {
    return this.site.home();
  }

  @Public()
  @Get('channel')
  channel(@Query() query: Record<string, unknown>) {
    return this.site.channel(parseId(query.id), pageOf(query.page, query.limit));
  }

  @Public()
  @Get('content')
  content(@Query('id') id: unknown, @CurrentMember() member?: AuthMember) {
    return this.site.content(parseId(id), member?.id ?? null);
  }

  @Public()
  @Get('search')
  search(@Query() query: Record<string, unknown>) {
    return this.site.search(typeof query.keywords === 'string' ? query.keywords : '', pageOf(query.page, query.limit));
  }

  /** The shown comments of a content item. */
  @Public()
  @Get('comment')
  commentList(@Query() query: Record<string, unknown>, @CurrentMember() member?: AuthMember) {
    return this.site.comments(parseId(query.content_id ?? query.id), pageOf(query.page, query.limit), !!member);
  }

  @Public()
  @Post('comment')
  @HttpCode(HttpStatus.OK)
  async comment(@Body() body: PostCommentDto, @Req() request: Request, @CurrentMember() member?: AuthMember) {
    const result: { id: number; status: number } = await this.commands.execute(
      new PostCommentCommand({
        contentId: body.content_id,
        text: body.content,
        nickname: body.nickname,
        member,
        ip: request.ip ?? '',
        captchaId: body.captchaId,
        captchaInfo: body.captchaInfo,
      }),
    );
    return reply(result, 'cms.comment_posted');
  }

  @LoginOnly()
  @Post('contribute')
  @HttpCode(HttpStatus.OK)
  async contribute(@Body() body: ContributeDto, @CurrentMember() member: AuthMember) {
    return reply(await this.commands.execute(new ContributeContentCommand({ ...body, member })), 'cms.contributed');
  }

  /** The content-model fields of a shown channel, for the contribution form (any signed-in member). */
  @LoginOnly()
  @Get('modelFields')
  modelFields(@Query('channel_id') channelId: unknown) {
    return this.site.channelModel(parseId(channelId));
  }

  /** The member's contributions; with `id`, one of them with its body. */
  @Get('contributions')
  myContributions(@Query() query: Record<string, unknown>, @CurrentMember() member: AuthMember) {
    if (query.id !== undefined) return this.site.contribution(member.id, parseId(query.id));
    return this.site.contributions(member.id, pageOf(query.page, query.limit));
  }

  @Get('comments')
  myComments(@Query() query: Record<string, unknown>, @CurrentMember() member: AuthMember) {
    return this.site.memberComments(member.id, pageOf(query.page, query.limit));
  }
}
