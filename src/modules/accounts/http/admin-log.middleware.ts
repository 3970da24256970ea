import { Injectable, Logger, NestMiddleware } from '@nestjs/common';
import { NextFunction, Response } from 'express';
import { TransactionRunner } from '../../../shared/database/transaction-runner';
import { CacheRegistry } from '../../../shared/cache/cache-registry';
import { SiteVersion, VersionedCache } from '../../../shared/cache/site-version';
import { AuthenticatedRequest } from '../../../shared/http/auth.decorators';
import { unixNow } from '../../../shared/http/envelope';
import { sensitiveFieldsOf } from '../../../shared/http/sensitive-fields';
import { adminLogData, maskSensitiveUrl, unrecordedData } from '../domain/sensitive-data';
import { AdminLogEntity } from '../persistence/admin-log.entity';
import { AdminRuleEntity } from '../persistence/admin-rule.entity';

const SKIPPED_ACTION = /\/(select|index|logout)$/i;

/**
 * Records every POST and DELETE under /admin once the answer is sent, failures and refusals included
 * (BuildAdmin writes its log after the action). Secrets are masked at any depth: keys that name a secret,
 * and the fields a handler marked secret for the request (shared/http/sensitive-fields).
 */
@Injectable()
export class AdminLogMiddleware implements NestMiddleware {
  private readonly logger = new Logger('AdminLog');

  /** Rule titles by `controller|action`, kept per site version (a rule's title changes the version). */
  private readonly titles: VersionedCache<string, string | undefined>;

  constructor(
    private readonly transactions: TransactionRunner,
    siteVersion: SiteVersion,
    caches: CacheRegistry,
  ) {
    this.titles = new VersionedCache(siteVersion, caches, 'rules');
  }

  use(request: AuthenticatedRequest, response: Response, next: NextFunction): void {
    const path = request.path;
    if ((request.method === 'POST' || request.method === 'DELETE') && !SKIPPED_ACTION.test(path)) {
      response.on('finish', () => {
        this.write(request, path).catch((error) => this.logger.error(`could not record ${path}: ${(error as Error).message}`));
      });
    }
    next();
  }

  /**
   * The entry is written whatever happens to its parts: a body that cannot be serialised is replaced by a
   * note (adminLogData), and when the write itself fails, a second one records the entry with the reason
   * in place of the body. Only when that fails too is the server log all that is left.
   */
  private async write(request: AuthenticatedRequest, path: string): Promise<void> {
    const [controller, action] = nodesOf(path);
    const body = (request.body ?? {}) as Record<string, unknown>;
    const isLogin = /^index\/login$/i.test(action ?? '');
    const entry: Partial<AdminLogEntity> = {
      // a successful sign-in names its admin (request.signedIn); a failed one only the name it tried
      admin_id: request.admin?.id ?? request.signedIn?.id ?? 0,
      username: (request.admin?.username ?? request.signedIn?.username ?? (isLogin && typeof body.username === 'string' ? body.username : 'Unknown')).slice(0, 20),
      url: maskSensitiveUrl(request.originalUrl).slice(0, 1500),
      title: isLogin ? '登录' : `Unknown(${(path.split('/').pop() ?? '').slice(0, 80)})`,
      data: adminLogData({ ...(request.query as object), ...body }, sensitiveFieldsOf(request)),
      ip: (request.ip ?? '').slice(0, 50),
      useragent: String(request.headers['user-agent'] ?? '').slice(0, 255),
      api_token: (request.admin?.apiToken?.name ?? '').slice(0, 100),
      createtime: unixNow(),
    };
    // one INSERT, not read back (nothing needs the row); through the runner, which answers at once while the
    // database is out (SQLite locked by another process) instead of blocking the process on the file's lock
    const insert = (values: Partial<AdminLogEntity>) => this.transactions.run((manager) => manager.createQueryBuilder().insert().into(AdminLogEntity).values(values).updateEntity(false).execute());
    try {
      if (!isLogin) {
        const names = [controller, action].filter(Boolean) as string[];
        const title = await this.titles.get(names.join('|'), async () => {
          const rules = await this.transactions.manager.createQueryBuilder(AdminRuleEntity, 'r').select(['r.name', 'r.title']).where('LOWER(r.name) IN (:...names)', { names }).getMany();
          const titleOf = (node?: string) => rules.find((t) => t.name.toLowerCase() === node)?.title;
          return titleOf(controller) && titleOf(action) ? `${titleOf(controller)}-${titleOf(action)}`.slice(0, 100) : undefined;
        });
        if (title) entry.title = title;
      }
      await insert(entry);
    } catch (error) {
      this.logger.error(`recording ${path} failed, recorded without its body: ${(error as Error).message}`);
      await insert({ ...entry, data: unrecordedData(error) });
    }
  }
}

/** `/admin/auth.Admin/add` → [`auth/admin`, `auth/admin/add`]. */
export function nodesOf(path: string): [string, string | undefined] {
  const parts = path.replace(/^\/admin\/?/i, '').split('/').filter(Boolean);
  const action = parts.pop();
  const controller = parts.join('/').replace(/\./g, '/').toLowerCase();
  return [controller, action ? `${controller}/${action}`.toLowerCase() : undefined];
}
