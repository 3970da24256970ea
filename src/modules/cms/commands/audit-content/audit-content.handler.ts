import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { I18nContext } from 'nestjs-i18n';
import { EntityManager } from 'typeorm';
import { CrudRow } from '../../../../shared/crud';
import { forUpdate } from '../../../../shared/database/sql-dialect';
import { AppError } from '../../../../shared/http/app-error';
import { unixNow } from '../../../../shared/http/envelope';
import { LifecycleDocument, TransitionRunner } from '../../../../shared/transitions';
import { CmsCruds } from '../../crud/cms.cruds';
import { CONTENT_STATUS, ContentState, decideContentAudit } from '../../domain/content';
import { ContentAuditedEvent } from '../../events/content-audited.event';
import { AuditContentCommand } from './audit-content.command';

interface LockedContent extends ContentState {
  user_id: number;
  title: string;
}

/**
 * `POST cms.Content/audit {id, status, memo}`: publishes, refuses (with the reason the author reads) or
 * takes content offline, through the transition runner: the row locked before the domain decides, written
 * only if its status is still the one decided on. A member whose contribution was published or refused gets
 * a notice after the commit (`ContentAuditedEvent`, heard by NotifyAuthorListener), so this answer never
 * waits for a mail server or an SMS provider.
 */
@CommandHandler(AuditContentCommand)
export class AuditContentHandler implements ICommandHandler<AuditContentCommand> {
  private readonly content: LifecycleDocument<LockedContent, CrudRow>;

  constructor(
    private readonly transitions: TransitionRunner,
    cruds: CmsCruds,
  ) {
    this.content = {
      name: 'content',
      table: 'cms_content',
      stateColumns: ['status'],
      changedMeanwhile: 'cms.audit_conflict',
      lock: lockContent,
      present: async (_manager, id) => (await cruds.content.get(id)).row,
    };
  }

  execute({ id, status, memo, context }: AuditContentCommand): Promise<CrudRow> {
    return this.transitions.run(this.content, id, 'audited', context, async ({ state, write, publish }) => {
      const decided = decideContentAudit(state, status, memo, unixNow());
      await write({ ...decided, update_time: unixNow() }, { status: state.status });
      if (state.user_id && (decided.status === CONTENT_STATUS.normal || decided.status === CONTENT_STATUS.refused)) {
        publish(new ContentAuditedEvent(state.user_id, state.title, decided.status, decided.memo, I18nContext.current()?.lang));
      }
    });
  }
}

async function lockContent(manager: EntityManager, id: number): Promise<LockedContent> {
  const [row]: Array<{ status: number | string; publish_time: number | string | null; user_id: number | string; title: string }> = await manager.query(
    `SELECT id, status, publish_time, user_id, title FROM cms_content WHERE id = ?${forUpdate(manager)}`,
    [id],
  );
  if (!row) throw new AppError('crud.record_not_found');
  return { status: Number(row.status), publish_time: row.publish_time === null ? null : Number(row.publish_time), user_id: Number(row.user_id), title: row.title };
}
