import { Injectable } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { I18nContext } from 'nestjs-i18n';
import { CrudRow } from '../../../../shared/crud';
import { forUpdate } from '../../../../shared/database/sql-dialect';
import { TransactionRunner } from '../../../../shared/database/transaction-runner';
import { AppError } from '../../../../shared/http/app-error';
import { unixNow } from '../../../../shared/http/envelope';
import { CmsCruds } from '../../crud/cms.cruds';
import { CmsRuleError } from '../../domain/cms-errors';
import { CONTENT_STATUS, decideContentAudit } from '../../domain/content';
import { ContentAuditedEvent } from '../../events/content-audited.event';

export interface AuditContentCommand {
  id: number;
  status: number;
  memo: string;
}

/**
 * `POST cms.Content/audit {id, status, memo}`: publishes, refuses (with the reason the author reads) or
 * takes content offline. The row is locked before the domain decides, and written only if its status is
 * still the one decided on. A member whose contribution was published or refused gets a notice (the
 * `notice` message template) after the commit, sent by NotifyAuthorListener so that this answer never waits for it.
 */
@Injectable()
export class AuditContentHandler {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly cruds: CmsCruds,
    private readonly events: EventEmitter2,
  ) {}

  async execute(command: AuditContentCommand): Promise<CrudRow> {
    const outcome = await this.transactions.run(async (manager) => {
      const [row]: Array<{ id: number; status: number | string; publish_time: number | string | null; user_id: number | string; title: string }> = await manager.query(
        `SELECT id, status, publish_time, user_id, title FROM cms_content WHERE id = ?${forUpdate(manager)}`,
        [command.id],
      );
      if (!row) throw new AppError('crud.record_not_found');
      const current = { status: Number(row.status), publish_time: row.publish_time === null ? null : Number(row.publish_time) };
      const decided = decideContentAudit(current, command.status, command.memo, unixNow());
      const result = await manager
        .createQueryBuilder()
        .update('cms_content')
        .set({ ...decided, update_time: unixNow() })
        .where('id = :id AND status = :status', { id: command.id, status: current.status })
        .execute();
      if (!result.affected) throw new CmsRuleError('audit_conflict');
      return { authorId: Number(row.user_id), title: row.title, decided };
    });
    if (outcome.authorId && (outcome.decided.status === CONTENT_STATUS.normal || outcome.decided.status === CONTENT_STATUS.refused)) {
      const { authorId, title, decided } = outcome;
      this.events.emit(ContentAuditedEvent.topic, new ContentAuditedEvent(authorId, title, decided.status, decided.memo, I18nContext.current()?.lang));
    }
    return (await this.cruds.content.get(command.id)).row;
  }
}
