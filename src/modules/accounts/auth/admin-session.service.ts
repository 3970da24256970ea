import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { SessionFlow, SessionIdentity, SignInInput } from '../identity/session-flow';
import { AdminEntity } from '../persistence/admin.entity';
import { AdminAccessService } from './admin-access.service';

export type AdminLoginInput = SignInInput;

export interface AdminUserInfo {
  id: number;
  username: string;
  nickname: string;
  avatar: string;
  lastlogintime: number | null;
  token: string;
  refreshToken: string;
  super: boolean;
}

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
    return this.sessions.signIn(ADMIN, input, found, (_manager, id, { token, refreshToken }) => this.userInfo(id, token, refreshToken));
  }

  logout(accessToken: string | undefined, refreshToken: string | undefined): Promise<void> {
    return this.sessions.signOut(ADMIN, accessToken, refreshToken);
  }

  async userInfo(adminId: number, token = '', refreshToken = ''): Promise<AdminUserInfo> {
    const admin = await this.admins.findOneOrFail({ where: { id: adminId } });
    const rights = await this.access.rightsOf(adminId);
    return {
      id: admin.id,
      username: admin.username,
      nickname: admin.nickname,
      avatar: admin.avatar,
      lastlogintime: admin.lastlogintime,
      token,
      refreshToken,
      super: rights.isSuper,
    };
  }
}
