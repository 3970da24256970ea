import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { NestExpressApplication } from '@nestjs/platform-express';
import { NextFunction, Request, Response } from 'express';
import * as qs from 'qs';

/** Large enough for a thousand ids or search entries (CONTRACT.md §1), small enough to bound work. */
const QS_LIMITS = { arrayLimit: 5000, parameterLimit: 20000, depth: 5 } as const;

export const WEB_DIST = join(__dirname, '..', existsSync(join(__dirname, '..', 'web')) ? '' : '..', 'web', 'dist');

/** Everything about the HTTP pipeline that main.ts and the tests share. */
export function configureApp(app: NestExpressApplication): NestExpressApplication {
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.set('query parser', (query: string) => qs.parse(query, QS_LIMITS));
  app.useBodyParser('json', { limit: '5mb' });
  app.useBodyParser('urlencoded', { extended: true, limit: '5mb', parameterLimit: QS_LIMITS.parameterLimit });
  app.use((_req: Request, res: Response, next: NextFunction) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'same-origin');
    next();
  });
  if (existsSync(WEB_DIST)) app.useStaticAssets(WEB_DIST, { index: 'index.html', maxAge: '1h' });
  app.enableShutdownHooks();
  return app;
}
