import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ClickCaptchaService, isLoginCaptchaEnabled, RateGate } from '../../../platform';
import { TransactionRunner } from '../../../../shared/database/transaction-runner';
import { AppError } from '../../../../shared/http/app-error';
import { unixNow } from '../../../../shared/http/envelope';
import { CmsRuleError } from '../../domain/cms-errors';
import { COMMENT_INTERVAL, COMMENT_STATUS, commentText } from '../../domain/comment';
import { assertMayComment, assertMayRead, isPublished } from '../../domain/content';
import { CmsCommentEntity, CmsContentEntity } from '../../persistence/cms.entities';
import { PostCommentCommand } from './post-comment.command';


/**
 * `POST /api/cms/comment`: a comment on published content the caller may read, where its comment group
 * allows it (disabled: never; `user`: members only; `all`: visitors too, after the click captcha when it is
 * on). It enters unaudited and shows once an admin approves it. One comment per member (or address) every
 * COMMENT_INTERVAL seconds.
 */
@CommandHandler(PostCommentCommand)
export class PostCommentHandler implements ICommandHandler<PostCommentCommand> {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly captcha: ClickCaptchaService,
    private readonly gate: RateGate,
  ) {}

  async execute({ input: command }: PostCommentCommand): Promise<{ id: number; status: number }> {
    const content = await this.transactions.manager.findOne(CmsContentEntity, {
      where: { id: command.contentId },
      select: { id: true, status: true, publish_time: true, allow_visit_groups: true, allow_comment_groups: true },
    });
    const now = unixNow();
    if (!content || !isPublished(content, now)) throw new CmsRuleError('content_not_found');
    const signedIn = !!command.member;
    assertMayRead(content.allow_visit_groups, signedIn);
    assertMayComment(content.allow_comment_groups, signedIn);
    const text = commentText(command.text);
    if (!signedIn && isLoginCaptchaEnabled()) {
      if (!command.captchaId || !command.captchaInfo) throw new AppError('messaging.captcha_required');
      if (!(await this.captcha.verify(command.captchaId, command.captchaInfo, true))) throw new AppError('messaging.captcha_error');
    }
    return this.transactions.run(async (manager) => {
      const commenter = command.member ? `member:${command.member.id}` : `ip:${command.ip}`;
      if (!(await this.gate.pass(manager, `cms-comment:${commenter}`, COMMENT_INTERVAL, now))) throw new CmsRuleError('comment_too_frequent', { seconds: COMMENT_INTERVAL });
      const { identifiers } = await manager.insert(CmsCommentEntity, {
        content_id: content.id,
        user_id: command.member?.id ?? 0,
        nickname: command.member ? '' : (command.nickname ?? '').trim().slice(0, 30),
        content: text,
        status: COMMENT_STATUS.unaudited,
        memo: '',
        ip: command.ip.slice(0, 50),
        createtime: now,
        updatetime: now,
      });
      return { id: Number(identifiers[0].id), status: COMMENT_STATUS.unaudited };
    });
  }
}
