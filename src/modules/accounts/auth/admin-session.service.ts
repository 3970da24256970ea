import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { TransactionRunner } from '../../../shared/database/transaction-runner';
import { AppError } from '../../../shared/http/app-error';
import { unixNow } from '../../../shared/http/envelope';
import { withFrameworkAliases } from '../../../shared/http/framework-aliases';
import { ClickCaptchaService, isLoginCaptchaEnabled } from '../../platform';
import { LoginAttemptsService } from './login-attempts.service';
import { AdminEntity } from '../persistence/admin.entity';
import { AdminAccessService } from './admin-access.service';
import { TokenService } from './token.service';

export interface AdminLoginInput {
  username: string;
  password: string;
  keep?: boolean;
  captchaId?: string;
  captchaInfo?: string;
  ip: string;
}

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

/** Sign-in, sign-out and token refresh for admins. */
@Injectable()
export class AdminSessionService {
  constructor(
    @InjectRepository(AdminEntity) private readonly admins: Repository<AdminEntity>,
    private readonly transactions: TransactionRunner,
    private readonly tokens: TokenService,
    private readonly access: AdminAccessService,
    private readonly captcha: ClickCaptchaService,
    private readonly attempts: LoginAttemptsService,
  ) {}

  async login(input: AdminLoginInput): Promise<AdminUserInfo> {
    if (isLoginCaptchaEnabled()) {
      if (!input.captchaId || !input.captchaInfo) throw new AppError('accounts.captcha_required');
      if (!(await this.captcha.verify(input.captchaId, input.captchaInfo, true))) throw new AppError('accounts.captcha_error');
    }
    const found = await this.admins.findOne({ where: { username: input.username }, select: { id: true, password: true, status: true } });
    const admin = await this.attempts.check('admin', input.username, found, input.password, input.ip);
    const now = unixNow();
    return this.transactions.run(async (manager) => {
      await manager.update(AdminEntity, { id: admin.id }, { login_failure: 0, lastlogintime: now, lastloginip: input.ip });
      const token = await this.tokens.issueAccess(manager, 'admin', admin.id);
      const refreshToken = input.keep ? await this.tokens.issueRefresh(manager, 'admin-refresh', admin.id) : '';
      // read with the transaction's manager: another connection would not see this sign-in's time yet
      return this.userInfo(admin.id, token, refreshToken, manager);
    });
  }

  async logout(accessToken: string | undefined, refreshToken: string | undefined): Promise<void> {
    const access = accessToken ? this.tokens.accessTokenId(accessToken, 'admin') : null;
    if (!access) return;
    await this.transactions.run(async (manager) => {
      await this.tokens.revoke(manager, access.tokenId);
      if (refreshToken) await this.tokens.revokeRefresh(manager, refreshToken, access.accountId);
    });
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
    });
  }
}
