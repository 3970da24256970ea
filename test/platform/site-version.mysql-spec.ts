import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { createTestApp, TEST_ADMIN_PASSWORD, TestApp } from '../setup/create-test-app';
import { asAt, createAdmin } from '../support/api';
import { buildServer, ServerProcess, signIn, startServer } from '../support/server-process';

/**
 * Settings and rights are cached in each app process against the site version (a row the database's
 * triggers raise with every change): with two processes on one MariaDB database, a change made through one
 * is seen by the very next request to the other — no waiting, no stale answer.
 */
describe('two server processes keep their caches of settings and rights in step', () => {
  let t: TestApp;
  const servers: ServerProcess[] = [];
  beforeAll(async () => {
    await buildServer();
    t = await createTestApp();
    await t.reset();
    const dataDir = mkdtempSync(join(tmpdir(), 'wms-version-'));
    for (let i = 0; i < 2; i++) servers.push(await startServer({ DATA_DIR: dataDir }));
  }, 180000);
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await t.close();
  });

  it('a rule remark edited through process A and a group disabled by SQL show in process B at once', async () => {
    const a = asAt(servers[0].base, (await signIn(servers[0])).token);
    const b = asAt(servers[1].base, (await signIn(servers[1])).token);
    expect((await b.get('/admin/wms.Unit/index')).body.data.remark).toBe('');
    const [rule] = await t.dataSource.query("SELECT id FROM admin_rule WHERE name = 'wms/unit'");
    const row = (await a.get(`/admin/auth.rule/edit?id=${rule.id}`)).body.data.row;
    expect((await a.post('/admin/auth.rule/edit', { ...row, remark: 'Edited in A' })).body.code).toBe(1);
    expect((await b.get('/admin/wms.Unit/index')).body.data.remark).toBe('Edited in A');

    const { groupId } = await createAdmin(t, 'clerk', ['wms/unit', 'wms/unit/index', 'wms/brand', 'wms/brand/index']);
    const login = await request(servers[1].base).post('/admin/index/login').send({ username: 'clerk', password: TEST_ADMIN_PASSWORD });
    const clerkOnB = asAt(servers[1].base, login.body.data.userInfo.token);
    expect((await clerkOnB.get('/admin/wms.Brand/index')).body.code).toBe(1);
    // a third party (here SQL) disables the clerk's group: B refuses the clerk's next request
    await t.dataSource.query('UPDATE admin_group SET status = 0 WHERE id = ?', [groupId]);
    expect((await clerkOnB.get('/admin/wms.Brand/index')).body.code).not.toBe(1);
  });
});
