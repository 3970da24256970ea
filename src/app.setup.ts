import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { NestExpressApplication } from '@nestjs/platform-express';
import { NextFunction, Request, Response } from 'express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import * as qs from 'qs';
import serveStatic from 'serve-static';
import { ContentSecurityPolicyService, inlineScriptHashes } from './modules/platform';
import { MAX_INPUT_DEPTH, refuseDeepJson, refuseDeepQuery } from './shared/http/input-depth';
import { requestScope } from './shared/http/request-context';

/**
 * Large enough for a thousand ids or search entries, small enough to bound work; a query
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
  app.use(neverCreated);
  app.use((_req: Request, res: Response, next: NextFunction) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'same-origin');
    // no other site may frame any of it (the page's CSP says frame-ancestors 'self' too)
    res.setHeader('X-Frame-Options', 'SAMEORIGIN');
    next();
  });
  // after the body parsers (their stream callbacks would leave the scope): the rest of the request runs in it
  app.use(requestScope);
  describeApi(app);
  if (existsSync(WEB_DIST)) {
    app.use(pagePolicy(app));
    app.use(webAssets());
  }
  // Not SIGUSR2 (Nest's default list has it): main.ts uses it to send the database pools back to their first host.
  app.enableShutdownHooks(['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGQUIT']);
  return app;
}

/**
 * Every answer of this API, POST included, is HTTP 200 with the outcome in `code` (the framework's client
 * reads the body only). Nest answers a POST handler with 201 unless told otherwise: said once here rather
 * than on every POST route.
 */
function neverCreated(_req: Request, res: Response, next: NextFunction): void {
  const status = res.status.bind(res);
  res.status = (code: number) => status(code === 201 ? 200 : code);
  next();
}

/**
 * The Content-Security-Policy of the app's one page (`/`, `/index.html`), computed for each load: its
 * inline scripts by hash (read from the built page once), the iframe menus and the cloud bucket as they
 * are now. A page whose policy cannot be computed is not served without one: the request fails.
 */
function pagePolicy(app: NestExpressApplication) {
  const html = join(WEB_DIST, 'index.html');
  const hashes = existsSync(html) ? inlineScriptHashes(readFileSync(html, 'utf8')) : [];
  return (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || (req.path !== '/' && req.path !== '/index.html')) return next();
    // resolved here, not up front: an app assembled without the platform (a unit spec's) serves no page
    Promise.resolve()
      .then(() => app.get(ContentSecurityPolicyService).header(hashes))
      .then((header) => {
        res.setHeader('Content-Security-Policy', header);
        // the page changes with the policy: never from a cache
        res.setHeader('Cache-Control', 'no-cache');
        next();
      }, next);
  };
}

/** Paths the API's routes answer: never files of the web app, so they skip its file lookup. */
const ROUTE_PREFIX = /^\/(admin|api|storage|static)\//i;

/**
 * The built web app's files (the page, its assets). Mounted before the routes, so every request would first
 * look for a file of its path on disk (a `stat`: some 5 % of a cheap list request's CPU in a profile); the
 * API's own paths go straight on to their routes.
 */
function webAssets() {
  const files = serveStatic(WEB_DIST, { index: ['index.html'], maxAge: '1h' });
  return (req: Request, res: Response, next: NextFunction) => (ROUTE_PREFIX.test(req.path) ? next() : files(req, res, next));
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
