import { Injectable } from '@nestjs/common';
import type { MyNotices } from '../../../../../contract/cms';
import { TransactionRunner } from '../../../../shared/database/transaction-runner';
import { unixNow } from '../../../../shared/http/envelope';
import { audiencesOf, NoticeReader as Reader } from '../../domain/notice';
import { NoticeEntity, NoticeReadEntity } from '../../persistence/cms.entities';

/** The shown notices of a reader: enabled, for its audience, published (no publish time, or reached). */
@Injectable()
export class NoticeReader {
  constructor(private readonly transactions: TransactionRunner) {}

  /** The ids among `ids` the reader may see. */
  async visibleIds(reader: Reader, ids: readonly number[]): Promise<number[]> {
    if (!ids.length) return [];
    const rows = await this.shown(reader).select('notice.id', 'id').andWhere('notice.id IN (:...ids)', { ids: [...new Set(ids)] }).getRawMany<{ id: number | string }>();
    return rows.map((row) => Number(row.id));
  }

  /** A page of the reader's notices, newest first, each with `read`, and how many are unread in all. */
  async mine(reader: Reader, paging: { page: number; limit: number }): Promise<MyNotices> {
    const manager = this.transactions.manager;
    const total = await this.shown(reader).getCount();
    const readCount = await this.shown(reader)
      .innerJoin(NoticeReadEntity, 'r', 'r.notice_id = notice.id AND r.reader_type = :type AND r.reader_id = :reader', { type: reader.type, reader: reader.id })
      .getCount();
    const rows = await this.shown(reader)
      .select(['notice.id', 'notice.title', 'notice.content', 'notice.publish_time', 'notice.createtime'])
      .orderBy('COALESCE(notice.publish_time, notice.createtime)', 'DESC')
      .addOrderBy('notice.id', 'DESC')
      .offset((paging.page - 1) * paging.limit)
      .limit(paging.limit)
      .getMany();
    const ids = rows.map((row) => row.id);
    const read = ids.length
      ? new Set(
          (await manager.find(NoticeReadEntity, { where: ids.map((id) => ({ notice_id: id, reader_type: reader.type, reader_id: reader.id })), select: { notice_id: true } })).map(
            (row) => row.notice_id,
          ),
        )
      : new Set<number>();
    return {
      list: rows.map((row) => ({ id: row.id, title: row.title, content: row.content ?? '', publish_time: row.publish_time ?? row.createtime, read: read.has(row.id) })),
      total,
      unread: total - readCount,
    };
  }

  private shown(reader: Reader) {
    return this.transactions.manager
      .createQueryBuilder(NoticeEntity, 'notice')
      .where('notice.status = 1')
      .andWhere('notice.audience IN (:...audiences)', { audiences: audiencesOf(reader.type) })
      .andWhere('(notice.publish_time IS NULL OR notice.publish_time <= :now)', { now: unixNow() });
  }
}
