import { Injectable } from '@nestjs/common';
import { EntityManager, In } from 'typeorm';
import { AdminEntity } from '../persistence/admin.entity';

/** Display names of admins (operators of orders, authors of log entries) for other contexts. */
@Injectable()
export class AdminDirectory {
  async displayNames(manager: EntityManager, ids: Iterable<number>): Promise<Map<number, string>> {
    const wanted = [...new Set([...ids].filter((id) => id > 0))];
    if (!wanted.length) return new Map();
    const admins = await manager.find(AdminEntity, { where: { id: In(wanted) }, select: { id: true, username: true, nickname: true } });
    return new Map(admins.map((a) => [a.id, a.nickname || a.username]));
  }
}
