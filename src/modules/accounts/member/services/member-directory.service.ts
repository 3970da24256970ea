import { Injectable } from '@nestjs/common';
import { EntityManager, In } from 'typeorm';
import { UserEntity } from '../persistence/user.entity';

/** Display names of members (authors of comments and contributions) for other contexts. */
@Injectable()
export class MemberDirectory {
  async displayNames(manager: EntityManager, ids: Iterable<number>): Promise<Map<number, string>> {
    const wanted = [...new Set([...ids].filter((id) => id > 0))];
    if (!wanted.length) return new Map();
    const members = await manager.find(UserEntity, { where: { id: In(wanted) }, select: { id: true, username: true, nickname: true } });
    return new Map(members.map((m) => [m.id, m.nickname || m.username]));
  }
}
