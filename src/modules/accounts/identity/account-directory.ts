import { EntityManager, EntityTarget, In } from 'typeorm';

/** What admins and members share for a display name. */
interface NamedAccount {
  id: number;
  username: string;
  nickname: string;
}

/** Display names of one identity's accounts (the nickname, else the username), for other contexts. */
export abstract class AccountDirectory {
  protected constructor(private readonly account: EntityTarget<NamedAccount>) {}

  async displayNames(manager: EntityManager, ids: Iterable<number>): Promise<Map<number, string>> {
    const wanted = [...new Set([...ids].filter((id) => id > 0))];
    if (!wanted.length) return new Map();
    const accounts = await manager.find(this.account, { where: { id: In(wanted) }, select: { id: true, username: true, nickname: true } });
    return new Map(accounts.map((a) => [a.id, a.nickname || a.username]));
  }
}
