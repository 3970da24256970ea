import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { NestExpressApplication } from '@nestjs/platform-express';
import { NextFunction, Request, Response } from 'express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import * as qs from 'qs';
import { MAX_INPUT_DEPTH, refuseDeepJson, refuseDeepQuery } from './shared/http/input-depth';

/**
 * Large enough for a thousand ids or search entries (CONTRACT.md §1), small enough to bound work; a query
 * nested deeper than MAX_INPUT_DEPTH is refused (strictDepth), not silently flattened.
 */
const QS_LIMITS = { arrayLimit: 5000, parameterLimit: 20000, depth: MAX_INPUT_DEPTH, strictDepth: true } as const;

export const WEB_DIST = join(__dirname, '..', existsSync(join(__dirname, '..', 'web')) ? '' : '..', 'web', 'dist');

/** Everything about the HTTP pipeline that main.ts and the tests share. */
export function configureApp(app: NestExpressApplication): NestExpressApplication {
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.set('query parser', (query: string) => qs.parse(query, QS_LIMITS));
  app.useBodyParser('json', { limit: '5mb', verify: refuseDeepJson });
  app.useBodyParser('urlencoded', { extended: true, limit: '5mb', parameterLimit: QS_LIMITS.parameterLimit, depth: MAX_INPUT_DEPTH });
  app.use(refuseDeepQuery);
  app.use((_req: Request, res: Response, next: NextFunction) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'same-origin');
    next();
  });
  describeApi(app);
  if (existsSync(WEB_DIST)) app.useStaticAssets(WEB_DIST, { index: 'index.html', maxAge: '1h' });
  app.enableShutdownHooks();
  return app;
}

/** The OpenAPI description of every route, at /api-docs (JSON at /api-docs-json). */
function describeApi(app: NestExpressApplication): void {
  const config = new DocumentBuilder()
    .setTitle('WMS API')
    .setDescription('Back office under /admin (header batoken), member center and public calls under /api (header ba-user-token). Every answer is {code, msg, time, data}; code 1 is success.')
    .setVersion('1.0')
    .addApiKey({ type: 'apiKey', in: 'header', name: 'batoken' }, 'batoken')
    .addApiKey({ type: 'apiKey', in: 'header', name: 'ba-user-token' }, 'ba-user-token')
    .build();
  SwaggerModule.setup('api-docs', app, () => SwaggerModule.createDocument(app, config), { jsonDocumentUrl: 'api-docs-json' });
}
