import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { TransactionRunner } from '../../../shared/database/transaction-runner';
import { AppError } from '../../../shared/http/app-error';
import { AdminEntity } from '../persistence/admin.entity';
import { UserEntity } from '../member/persistence/user.entity';
import { RefreshKind, TokenService } from './token.service';

export interface RefreshedTokens {
  type: RefreshKind;
  token: string;
  refreshToken: string;
}

/**
 * POST /api/common/refreshToken: a refresh token buys a new access token and a new refresh token; the old
 * refresh token stops working, and the old access token (when sent) is revoked if it is the same account's.
 */
@Injectable()
export class RefreshSessionService {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly tokens: TokenService,
  ) {}

  async refresh(rawRefreshToken: string, oldAccess: { admin?: string; user?: string }): Promise<RefreshedTokens> {
    return this.transactions.run(async (manager) => {
      const consumed = await this.tokens.consumeRefresh(manager, rawRefreshToken);
      if (!consumed || !(await this.isActive(manager, consumed.kind, consumed.accountId))) throw new AppError('accounts.login_expired');
      const accessKind = consumed.kind === 'admin-refresh' ? 'admin' : 'user';
      const previous = oldAccess[accessKind] ? this.tokens.accessTokenId(oldAccess[accessKind]!, accessKind) : null;
      if (previous && previous.accountId === consumed.accountId) await this.tokens.revoke(manager, previous.tokenId);
      return {
        type: consumed.kind,
        token: await this.tokens.issueAccess(manager, accessKind, consumed.accountId),
        refreshToken: await this.tokens.issueRefresh(manager, consumed.kind, consumed.accountId),
      };
    });
  }

  /** Read with the unit of work's own manager (a second pooled connection could wait on its locks). */
  private async isActive(manager: EntityManager, kind: RefreshKind, accountId: number): Promise<boolean> {
    const entity = kind === 'admin-refresh' ? AdminEntity : UserEntity;
    return (await manager.count(entity, { where: { id: accountId, status: 1 } })) === 1;
  }
}
