import { Injectable } from '@nestjs/common';
import { EntityManager, In } from 'typeorm';
import { CrudKit, DataChanges, CrudRow, CrudService, ListExport } from '../../../../shared/crud';
import { TransactionRunner } from '../../../../shared/database/transaction-runner';
import { AppError } from '../../../../shared/http/app-error';
import { unixNow } from '../../../../shared/http/envelope';
import { TokenService } from '../../auth/token.service';
import { hashPassword } from '../../domain/password';
import { AddMemberDto, EditMemberDto } from '../http/dto/member-admin.dto';
import { UserGroupEntity } from '../persistence/user-group.entity';
import { UserEntity } from '../persistence/user.entity';
import { moneyText } from './member-info';
import { isDuplicateKey } from '../../../../shared/database/sql-dialect';
import { MemberSessionService } from './member-session.service';
import { seededText } from '../../../../shared/http/seeded-text';

/** The member list answers money as a 2-decimal string and unbound contacts as ''. */
class MemberCrud extends CrudService<UserEntity> {
  toPlain(row: UserEntity): CrudRow {
    const plain = super.toPlain(row);
    const group = plain.group as { name?: string } | null;
    return {
      ...plain,
      ...(group?.name ? { group: { ...group, name: seededText(group.name) } } : {}),
      money: moneyText(row.money),
      score: Number(row.score),
      email: row.email ?? '',
      mobile: row.mobile ?? '',
      birthday: row.birthday ?? '',
    };
  }
}

const m = (name: string) => `accounts.member_export.${name}`;

/** `user.User/export`: the list's columns; money from cents as the list shows it, the group's seeded name translated. */
export const MEMBER_EXPORT: ListExport = {
  title: m('title'),
  columns: [
    { label: m('id'), value: (row) => row.id, type: 'number' },
    { label: m('username'), value: (row) => row.username },
    { label: m('nickname'), value: (row) => row.nickname },
    { label: m('group'), value: (row) => seededText(String((row.group as { name?: string } | null)?.name ?? '')) },
    { label: m('email'), value: (row) => row.email ?? '', width: 24 },
    { label: m('mobile'), value: (row) => row.mobile ?? '', width: 16 },
    { label: m('gender'), value: (row, x) => x.label('accounts.member_export.genders', row.gender) },
    { label: m('money'), value: (row) => moneyText(row.money as number), type: 'money' },
    { label: m('score'), value: (row) => Number(row.score), type: 'number' },
    { label: m('status'), value: (row, x) => x.label('accounts.member_export.statuses', row.status) },
    { label: m('lastlogintime'), value: (row, x) => x.time(row.lastlogintime), width: 20 },
    { label: m('jointime'), value: (row, x) => x.time(row.jointime), width: 20 },
  ],
};

/**
 * user.User: members for the back office. Balance and score are shown, never written here (only the
 * money and score logs change them); the password is optional on edit; username, e-mail and mobile unique.
 */
@Injectable()
export class MemberAdminService {
  readonly crud: MemberCrud;

  constructor(
    kit: CrudKit,
    private readonly transactions: TransactionRunner,
    private readonly tokens: TokenService,
    private readonly sessions: MemberSessionService,
    private readonly dataChanges: DataChanges,
  ) {
    // How the recycle bin puts a deleted member back: names still free, the group still there.
    dataChanges.describe('user', { unique: ['username', 'email', 'mobile'], parents: [{ column: 'group_id', table: 'user_group', label: '@fields.group_id' }] });
    this.crud = new MemberCrud(kit, {
      entity: UserEntity,
      alias: 'user',
      writable: [],
      hidden: ['password'],
      joins: { group: { entity: UserGroupEntity, on: 'group_id', columns: ['name'] } },
      quickSearchFields: ['id', 'username', 'nickname', 'email', 'mobile'],
      searchFields: ['id', 'group_id', 'username', 'nickname', 'email', 'mobile', 'gender', 'money', 'score', 'status', 'lastlogintime', 'jointime', 'createtime', 'group.name'],
      filterParams: ['group_id'],
    });
  }

  async add(input: AddMemberDto): Promise<number> {
    return this.write(async (manager) => {
      const fields = this.fields(input);
      await this.checkGroup(manager, input.group_id);
      await this.sessions.checkFree(manager, fields);
      const now = unixNow();
      const { identifiers } = await manager.insert(UserEntity, {
        ...fields,
        money: 0,
        score: 0,
        login_failure: 0,
        lastlogintime: null,
        lastloginip: '',
        jointime: now,
        joinip: '',
        password: await hashPassword(input.password),
        createtime: now,
        updatetime: now,
      });
      return identifiers[0].id as number;
    });
  }

  async edit(input: EditMemberDto): Promise<void> {
    await this.write(async (manager) => {
      const existing = await manager.findOne(UserEntity, { where: { id: input.id } });
      if (!existing) throw new AppError('crud.record_not_found');
      const fields = this.fields(input, existing);
      await this.checkGroup(manager, input.group_id);
      await this.sessions.checkFree(manager, fields, input.id);
      const recordChanges = await this.dataChanges.beforeEdit(manager, { target: UserEntity, id: input.id });
      const changes: Partial<UserEntity> = { ...fields, updatetime: unixNow() };
      if (input.password) changes.password = await hashPassword(input.password);
      await manager.update(UserEntity, { id: input.id }, changes);
      await recordChanges(manager);
      // A new password or a disabled account signs the member out everywhere.
      if (input.password || changes.status === 0) await this.tokens.revokeAll(manager, ['user', 'user-refresh', 'email-pass', 'mobile-pass'], input.id);
    });
  }

  /** Deletes members (and signs them out); their money and score logs stay. */
  async del(ids: number[]): Promise<number> {
    return this.transactions.run(async (manager) => {
      const found = (await manager.find(UserEntity, { where: { id: In(ids) }, select: { id: true } })).map((u) => u.id);
      if (!found.length) throw new AppError('crud.no_rows_deleted');
      await this.dataChanges.beforeDelete(manager, { target: UserEntity, ids: found, soft: false });
      for (const id of found) await this.tokens.revokeAll(manager, ['user', 'user-refresh', 'email-pass', 'mobile-pass'], id);
      await manager.delete(UserEntity, { id: In(found) });
      return found.length;
    });
  }

  private fields(input: AddMemberDto | EditMemberDto, existing?: UserEntity) {
    const contact = (value: string | null | undefined, fallback: string | null) => (value === undefined ? fallback : value ? value : null);
    return {
      group_id: input.group_id,
      username: input.username,
      nickname: input.nickname,
      email: contact(input.email?.toLowerCase(), existing?.email ?? null),
      mobile: contact(input.mobile, existing?.mobile ?? null),
      avatar: input.avatar ?? existing?.avatar ?? '',
      gender: input.gender ?? existing?.gender ?? 0,
      birthday: input.birthday === undefined ? (existing?.birthday ?? null) : input.birthday || null,
      motto: input.motto ?? existing?.motto ?? '',
      status: input.status ?? existing?.status ?? 1,
    };
  }

  private async checkGroup(manager: EntityManager, groupId: number): Promise<void> {
    if (!(await manager.count(UserGroupEntity, { where: { id: groupId } }))) throw new AppError('member.group_not_found');
  }

  private async write<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    try {
      return await this.transactions.run(work);
    } catch (error) {
      if (isDuplicateKey(error)) throw new AppError('accounts.username_taken');
      throw error;
    }
  }
}
