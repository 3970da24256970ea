import { Logger } from '@nestjs/common';
import { EventsHandler, IEventHandler } from '@nestjs/cqrs';
import { I18nService } from 'nestjs-i18n';
import { MemberDirectory } from '../../accounts';
import { NoticeSenderService } from '../../platform';
import { TransactionRunner } from '../../../shared/database/transaction-runner';
import { CONTENT_STATUS } from '../domain/content';
import { ContentAuditedEvent } from './content-audited.event';

/** Tells the author of an audited contribution, in the auditor's language (best effort, like every notice: a failure is logged, never thrown). */
@EventsHandler(ContentAuditedEvent)
export class NotifyAuthorListener implements IEventHandler<ContentAuditedEvent> {
  private readonly logger = new Logger('NotifyAuthor');

  constructor(
    private readonly transactions: TransactionRunner,
    private readonly members: MemberDirectory,
    private readonly notices: NoticeSenderService,
    private readonly i18n: I18nService,
  ) {}

  async handle(event: ContentAuditedEvent): Promise<void> {
    try {
      await this.notify(event);
    } catch (error) {
      this.logger.warn(`no notice for member ${event.authorId}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private async notify(event: ContentAuditedEvent): Promise<void> {
    const published = event.status === CONTENT_STATUS.normal;
    const lang = event.lang ?? 'zh-cn';
    const names = await this.members.displayNames(this.transactions.manager, [event.authorId]);
    await this.notices.send({
      memberId: event.authorId,
      username: names.get(event.authorId) ?? '',
      title: this.i18n.t(published ? 'cms.notice.published_title' : 'cms.notice.refused_title', { lang }),
      content: this.i18n.t(published ? 'cms.notice.published' : 'cms.notice.refused', { lang, args: { title: event.title, memo: event.memo } }),
      lang: event.lang,
    });
  }
}
