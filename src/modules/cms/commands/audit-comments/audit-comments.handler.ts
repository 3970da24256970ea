import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { parseIds } from '../../../../shared/crud';
import { forUpdate } from '../../../../shared/database/sql-dialect';
import { TransactionRunner } from '../../../../shared/database/transaction-runner';
import { AppError } from '../../../../shared/http/app-error';
import { unixNow } from '../../../../shared/http/envelope';
import { recountComments } from '../../crud/cms.cruds';
import { CmsRuleError } from '../../domain/cms-errors';
import { assertCommentAuditStatus } from '../../domain/comment';
import { MEMO_MAX } from '../../domain/content';
import { AuditCommentsCommand } from './audit-comments.command';


/**
 * `POST cms.Comment/audit {ids, status, memo}`: shows (1) or refuses (2) comments, and sets the shown-comment
 * count of their content in the same transaction (the content rows are locked first, then the comments).
 */
@CommandHandler(AuditCommentsCommand)
export class AuditCommentsHandler implements ICommandHandler<AuditCommentsCommand> {
  constructor(private readonly transactions: TransactionRunner) {}

  async execute({ input: command }: AuditCommentsCommand): Promise<{ count: number }> {
    assertCommentAuditStatus(command.status);
    const memo = command.memo.trim();
    if (memo.length > MEMO_MAX) throw new CmsRuleError('memo_too_long', { max: MEMO_MAX });
    const ids = parseIds(command.ids);
    return this.transactions.run(async (manager) => {
      const rows: Array<{ id: number | string; content_id: number | string }> = await manager.query(
        `SELECT id, content_id FROM cms_comment WHERE id IN (${ids.map(() => '?').join(', ')})`,
        ids,
      );
      if (!rows.length) throw new AppError('crud.record_not_found');
      const contentIds = [...new Set(rows.map((row) => Number(row.content_id)))].sort((a, b) => a - b);
      await manager.query(`SELECT id FROM cms_content WHERE id IN (${contentIds.map(() => '?').join(', ')})${forUpdate(manager)}`, contentIds);
      const found = rows.map((row) => Number(row.id));
      await manager
        .createQueryBuilder()
        .update('cms_comment')
        .set({ status: command.status, memo, updatetime: unixNow() })
        .where('id IN (:...ids)', { ids: found })
        .execute();
      await recountComments(manager, contentIds);
      return { count: found.length };
    });
  }
}
