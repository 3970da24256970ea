import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { DiscoveryService, MetadataScanner, ModulesContainer, Reflector } from '@nestjs/core';
import { LOGIN_ONLY_KEY, PUBLIC_KEY } from '../../src/shared/http/auth.decorators';
import { TestApp } from '../setup/create-test-app';
import { as, createAdmin, http, login } from '../support/api';
import { publicSpec } from '../support/public-spec';

interface Route {
  method: string;
  url: string;
  isPublic: boolean;
  loginOnly: boolean;
}

/** Every route the app registered under /admin, read from the controllers Nest mounted. */
function adminRoutes(t: TestApp): Route[] {
  // built here: the app itself has no use for Nest's DiscoveryModule
  const discovery = new DiscoveryService(t.app.get(ModulesContainer));
  const scanner = new MetadataScanner();
  const reflector = t.app.get(Reflector);
  const routes: Route[] = [];
  for (const wrapper of discovery.getControllers()) {
    const type = wrapper.metatype as Function | undefined;
    if (!type || !wrapper.instance) continue;
    const base = String(Reflect.getMetadata(PATH_METADATA, type) ?? '');
    if (!/^\/?admin\//i.test(base)) continue;
    const proto = Object.getPrototypeOf(wrapper.instance);
    for (const name of scanner.getAllMethodNames(proto)) {
      const handler = proto[name];
      const path = Reflect.getMetadata(PATH_METADATA, handler);
      if (path === undefined) continue;
      const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as number];
      const flag = (key: string) => reflector.getAllAndOverride<boolean>(key, [handler, type]) === true;
      routes.push({ method, url: `/${base.replace(/^\//, '')}/${String(path).replace(/^\//, '')}`, isPublic: flag(PUBLIC_KEY), loginOnly: flag(LOGIN_ONLY_KEY) });
    }
  }
  return routes;
}

function send(t: TestApp, route: Route, token?: string) {
  const agent = http(t);
  const req = route.method === 'GET' ? agent.get(route.url) : route.method === 'DELETE' ? agent.delete(`${route.url}?ids[]=1`) : agent.post(route.url).send({ id: 1 });
  if (token) req.set('batoken', token);
  return req.set('think-lang', 'en');
}

describe('every admin route is permission-checked', () => {
  let t: TestApp;
  publicSpec({ ready: (fixture) => ({ t } = fixture) });

  it('finds the routes to check', () => {
    const routes = adminRoutes(t);
    expect(routes.filter((r) => !r.isPublic && !r.loginOnly).length).toBeGreaterThan(0);
    expect(routes.map((r) => r.url)).toContain('/admin/index/index');
  });

  it('answers 302 without a token on every non-public admin route', async () => {
    for (const route of adminRoutes(t).filter((r) => !r.isPublic)) {
      const res = await send(t, route);
      expect({ route: `${route.method} ${route.url}`, code: res.body.code, routePath: res.body.data?.routePath }).toEqual({
        route: `${route.method} ${route.url}`,
        code: 302,
        routePath: '/admin/login',
      });
    }
  });

  it('answers 401 to an admin whose groups lack the node, on every permission-checked route', async () => {
    await createAdmin(t, 'powerless', ['dashboard']);
    const session = await login(t, 'powerless');
    for (const route of adminRoutes(t).filter((r) => !r.isPublic && !r.loginOnly && !/\/dashboard\//i.test(r.url))) {
      const res = await send(t, route, session.token);
      expect({ route: `${route.method} ${route.url}`, code: res.body.code, msg: res.body.msg }).toEqual({
        route: `${route.method} ${route.url}`,
        code: 401,
        msg: 'You have no permission!',
      });
    }
  });

  it('lets a super admin through, and matches the controller segment case-insensitively', async () => {
    const session = await login(t);
    expect((await as(t, session).get('/admin/Index/index')).body.code).toBe(1);
    expect((await as(t, session).get('/admin/INDEX/index')).body.code).toBe(1);
  });

  it('answers 404 for an unknown admin route with or without a token', async () => {
    const session = await login(t);
    expect((await http(t).get('/admin/nothing.Here/index')).status).toBe(404);
    expect((await as(t, session).get('/admin/nothing.Here/index')).status).toBe(404);
  });
});
