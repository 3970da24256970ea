import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import type { AdminInfo } from '../../../../contract/accounts';
import { withFrameworkAliases } from '../../../shared/http/framework-aliases';
import { seededText } from '../../../shared/http/seeded-text';
import { SessionFlow, SessionIdentity, SignInInput } from '../identity/session-flow';
import { AdminEntity } from '../persistence/admin.entity';
import { AdminAccessService } from './admin-access.service';

export type AdminLoginInput = SignInInput;

/** The admin as the back office shows it (contract/accounts.ts). */
export type AdminUserInfo = AdminInfo;

const ADMIN: SessionIdentity = { kind: 'admin', account: AdminEntity };

/** Sign-in and sign-out of admins (SessionFlow), and the admin as the back office shows it. */
@Injectable()
export class AdminSessionService {
  constructor(
    @InjectRepository(AdminEntity) private readonly admins: Repository<AdminEntity>,
    private readonly sessions: SessionFlow,
    private readonly access: AdminAccessService,
  ) {}

  async login(input: AdminLoginInput): Promise<AdminUserInfo> {
    await this.sessions.checkCaptcha(input);
    const found = await this.admins.findOne({ where: { username: input.username }, select: { id: true, password: true, status: true } });
    // the user info is read with the transaction's manager: another connection would not see this sign-in's time yet
    return this.sessions.signIn(ADMIN, input, found, (manager, id, { token, refreshToken }) => this.userInfo(id, token, refreshToken, manager));
  }

  logout(accessToken: string | undefined, refreshToken: string | undefined): Promise<void> {
    return this.sessions.signOut(ADMIN, accessToken, refreshToken);
  }

  async userInfo(adminId: number, token = '', refreshToken = '', manager: EntityManager = this.admins.manager): Promise<AdminUserInfo> {
    const admin = await manager.findOneOrFail(AdminEntity, { where: { id: adminId } });
    const rights = await this.access.rightsOf(adminId);
    return withFrameworkAliases({
      id: admin.id,
      username: admin.username,
      nickname: admin.nickname,
      avatar: admin.avatar,
      lastlogintime: admin.lastlogintime,
      token,
      refreshToken,
      super: rights.isSuper,
      groups: rights.groupNames.map((name) => seededText(name)),
    });
  }
}
