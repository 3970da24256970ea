import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { In } from 'typeorm';
import { TransactionRunner } from '../../../../shared/database/transaction-runner';
import { isDuplicateKey } from '../../../../shared/database/sql-dialect';
import { unixNow } from '../../../../shared/http/envelope';
import { NoticeReadEntity } from '../../persistence/cms.entities';
import { NoticeReader } from '../../queries/notice/notice.reader';
import { ReadNoticesCommand } from './read-notices.command';

/**
 * Marks the notices among `ids` the reader may see as read (others are ignored); reading one twice, or two
 * requests at once, leaves one row (the unique key decides). Answers how many became read.
 */
@CommandHandler(ReadNoticesCommand)
export class ReadNoticesHandler implements ICommandHandler<ReadNoticesCommand> {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly notices: NoticeReader,
  ) {}

  async execute({ reader, ids }: ReadNoticesCommand): Promise<{ count: number }> {
    const visible = await this.notices.visibleIds(reader, ids);
    if (!visible.length) return { count: 0 };
    const manager = this.transactions.manager;
    const already = new Set(
      (await manager.find(NoticeReadEntity, { where: { reader_type: reader.type, reader_id: reader.id, notice_id: In(visible) }, select: { notice_id: true } })).map((row) => row.notice_id),
    );
    let count = 0;
    const now = unixNow();
    for (const id of visible.filter((notice) => !already.has(notice))) {
      try {
        await manager.insert(NoticeReadEntity, { notice_id: id, reader_type: reader.type, reader_id: reader.id, createtime: now });
        count++;
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
      }
    }
    return { count };
  }
}
