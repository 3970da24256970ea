import { JwtService } from '@nestjs/jwt';
import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AdminLogEntity } from '../../src/modules/accounts/persistence/admin-log.entity';
import { TokenEntity } from '../../src/modules/accounts/persistence/token.entity';
import { findExecutable, TerminalRunner } from '../../src/modules/platform/terminal/terminal-runner';
import { TestApp } from '../setup/create-test-app';
import { as, createAdmin, http, login, Session } from '../support/api';
import { isAlive } from '../support/server-process';
import { adminSpec } from '../support/admin-spec';

/**
 * The web terminal: GET /admin/Terminal/index as an event stream, super admin
 * only, allow-listed keys only, one run at a time, the child stopped when the client goes away; and
 * POST /admin/ajax/changeTerminalConfig, whose values index/index then answers.
 */

interface Frame {
  data: string;
  uuid: string;
  extend: string;
  key: string;
}

interface StreamAnswer {
  status: number;
  contentType: string;
  text: string;
  frames: Frame[];
}

/** The frames of an event-stream body: every `data:` line of a message, joined, parsed as JSON. */
function framesOf(text: string): Frame[] {
  return text
    .split(/\n\n/)
    .map((block) =>
      block
        .split('\n')
        .filter((line) => line.startsWith('data: '))
        .map((line) => line.slice(6))
        .join('\n'),
    )
    .filter(Boolean)
    .map((data) => JSON.parse(data) as Frame);
}

async function eventually(check: () => Promise<boolean> | boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('web terminal', () => {
  let t: TestApp;
  let base: string;
  let runner: TerminalRunner;
  let admin: Session;

  adminSpec({
    ready: (fixture) => {
      ({ t, session: admin } = fixture);
      base = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
      runner = t.app.get(TerminalRunner);
    },
  });
  afterEach(() => jest.restoreAllMocks());

  function terminalUrl(query: Record<string, string>): string {
    return `${base}/admin/Terminal/index?${new URLSearchParams({ server: '1', ...query }).toString()}`;
  }

  /** Reads a whole stream, as EventSource would receive it (the token in the query string). */
  async function stream(query: Record<string, string>): Promise<StreamAnswer> {
    const res = await fetch(terminalUrl(query), { headers: { accept: 'text/event-stream' } });
    const text = await res.text();
    const contentType = res.headers.get('content-type') ?? '';
    return { status: res.status, contentType, text, frames: contentType.startsWith('text/event-stream') ? framesOf(text) : [] };
  }

  /** Opens a stream and hands over the frames as they arrive; `close()` drops the connection. */
  function openStream(query: Record<string, string>) {
    const abort = new AbortController();
    const frames: Frame[] = [];
    let done = false;
    const finished = (async () => {
      const res = await fetch(terminalUrl(query), { signal: abort.signal });
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for (;;) {
          const { value, done: end } = await reader.read();
          if (end) break;
          buffer += decoder.decode(value, { stream: true });
          const cut = buffer.lastIndexOf('\n\n');
          if (cut >= 0) {
            frames.push(...framesOf(buffer.slice(0, cut + 2)));
            buffer = buffer.slice(cut + 2);
          }
        }
      } catch (error) {
        if ((error as Error).name !== 'AbortError') throw error;
      } finally {
        done = true;
      }
    })();
    return { frames, finished, isDone: () => done, close: () => abort.abort() };
  }

  /** The terminal's rows of the admin log (written before the stream's last frame, or on disconnect). */
  async function terminalLog(): Promise<AdminLogEntity[]> {
    const rows = await t.dataSource.getRepository(AdminLogEntity).find({ order: { id: 'ASC' } });
    return rows.filter((row) => row.url.startsWith('/admin/Terminal/index'));
  }

  /** Makes the runner start a slow Node.js script instead of the command's program (the rest of the path stays real). */
  function runSlowScriptInstead(): void {
    const original = runner.run.bind(runner);
    jest.spyOn(runner, 'run').mockImplementation((spec) =>
      original({ ...spec, file: process.execPath, args: ['-e', 'console.log("pid " + process.pid); setTimeout(() => {}, 60000)'] }),
    );
  }

  describe('who may open it', () => {
    it('without a token, or with a forged one, answers "please log in" (302) and starts nothing', async () => {
      const spawn = jest.spyOn(runner, 'run');
      for (const batoken of [undefined, 'not-a-token', `${admin.token}x`]) {
        const answer = await stream({ command: 'versions', uuid: 'u-1', extend: '', ...(batoken ? { batoken } : {}) });
        expect(answer.status).toBe(200);
        expect(answer.contentType).toMatch(/^application\/json/);
        expect(JSON.parse(answer.text)).toMatchObject({ code: 302, data: { routePath: '/admin/login' } });
      }
      expect(spawn).not.toHaveBeenCalled();
      expect(await terminalLog()).toEqual([]);
    });

    it('with an expired token answers 409 like any admin action (the client marks the task failed), with a revoked one 302', async () => {
      const jti = randomUUID();
      const past = Math.floor(Date.now() / 1000) - 60;
      await t.dataSource.getRepository(TokenEntity).insert({ id: createHash('sha256').update(jti).digest('hex'), type: 'admin', account_id: admin.id, createtime: past - 100, expiretime: past });
      const expired = t.app.get(JwtService).sign({ sub: admin.id, typ: 'admin', jti, iat: past - 100, exp: past });
      const spawn = jest.spyOn(runner, 'run');
      const answer = await stream({ command: 'versions', uuid: 'u-0', extend: '', batoken: expired, lang: 'en' });
      expect(answer.contentType).toMatch(/^application\/json/);
      expect(JSON.parse(answer.text)).toMatchObject({ code: 409 });

      await as(t, admin).post('/admin/index/logout', { refreshToken: admin.refreshToken });
      const revoked = await stream({ command: 'versions', uuid: 'u-0', extend: '', batoken: admin.token });
      expect(JSON.parse(revoked.text)).toMatchObject({ code: 302 });
      expect(spawn).not.toHaveBeenCalled();
    });

    it('refuses an admin who is not a super administrator, in the protocol error form and in their language', async () => {
      await createAdmin(t, 'clerk', ['dashboard']);
      const clerk = await login(t, 'clerk');
      const spawn = jest.spyOn(runner, 'run');
      const answer = await stream({ command: 'versions', uuid: 'u-2', extend: 'ext', batoken: clerk.token, lang: 'en' });
      expect(answer.status).toBe(200);
      expect(answer.contentType).toMatch(/^text\/event-stream/);
      expect(answer.frames).toEqual([
        { data: "Error:You're not super administrator", uuid: 'u-2', extend: 'ext', key: 'versions' },
        { data: 'command-exec-error', uuid: 'u-2', extend: 'ext', key: 'versions' },
      ]);
      const zh = await stream({ command: 'versions', uuid: 'u-3', extend: '', batoken: clerk.token });
      expect(zh.frames.map((f) => f.data)).toEqual(['Error:您不是超级管理员', 'command-exec-error']);
      expect(spawn).not.toHaveBeenCalled();
      const log = await terminalLog();
      expect(log).toHaveLength(2);
      expect(log[0]).toMatchObject({ username: 'clerk', title: 'Terminal-versions' });
      expect(JSON.parse(log[0].data!)).toMatchObject({ command: 'versions', uuid: 'u-2', outcome: 'refused', reason: 'not_super_admin' });
    });
  });

  describe('what it runs', () => {
    it('refuses keys outside the allow-list, whatever they look like', async () => {
      const spawn = jest.spyOn(runner, 'run');
      for (const command of ['rm -rf /', 'versions; ls', 'constructor', '__proto__', 'version.php', 'web-build.cnpm', '']) {
        const answer = await stream({ command, uuid: 'u-4', extend: '', batoken: admin.token, lang: 'en' });
        expect(answer.frames.map((f) => f.data)).toEqual([`Error:The command "${command || '-'}" is not allowed to be executed`, 'command-exec-error']);
        expect(answer.frames.every((f) => f.key === command && f.uuid === 'u-4')).toBe(true);
      }
      expect(spawn).not.toHaveBeenCalled();
    });

    it('streams the versions command to completion: link, command line, output lines, exit code, success, completed', async () => {
      const answer = await stream({ command: 'versions', uuid: 'run-1', extend: 'from-spec', batoken: admin.token, lang: 'en' });
      expect(answer.status).toBe(200);
      expect(answer.contentType).toMatch(/^text\/event-stream/);
      const data = answer.frames.map((f) => f.data);
      expect(data.slice(0, 2)).toEqual(['command-link-success', '> node scripts/versions.js']);
      expect(data.slice(-3)).toEqual(['exitcode: 0', 'command-exec-success', 'command-exec-completed']);
      const output = data.slice(2, -3);
      expect(output[0]).toBe(`Node.js   ${process.version}`);
      expect(output[1]).toMatch(/^npm {7}\d+\.\d+\.\d+$/);
      expect(output).toEqual(expect.arrayContaining([expect.stringMatching(/^pnpm {6}/), expect.stringMatching(/^yarn {6}/)]));
      expect(output[output.length - 1]).toMatch(process.env.DB_URL ? /^Database  (MariaDB|MySQL) \d+\.\d+/ : /^Database  SQLite \d+\.\d+\.\d+/);
      expect(answer.text).not.toContain(admin.token);
      expect(answer.frames.every((f) => f.uuid === 'run-1' && f.extend === 'from-spec' && f.key === 'versions')).toBe(true);
      expect(runner.runningKey).toBeNull();

      const log = await terminalLog();
      expect(log).toHaveLength(1);
      expect(log[0]).toMatchObject({ admin_id: admin.id, username: 'admin', title: 'Terminal-versions', url: '/admin/Terminal/index?command=versions&uuid=run-1' });
      expect(JSON.parse(log[0].data!)).toEqual({ command: 'versions', uuid: 'run-1', extend: 'from-spec', outcome: 'success', exitcode: 0 });
      expect(log[0].data).not.toContain(admin.token);
    });

    it('answers clearly when the package manager of a command is not installed, without starting anything', async () => {
      const emptyPath = mkdtempSync(join(tmpdir(), 'wms-empty-path-'));
      const savedPath = process.env.PATH;
      const spawn = jest.spyOn(runner, 'run');
      process.env.PATH = emptyPath;
      try {
        const answer = await stream({ command: 'web-build.npm', uuid: 'u-5', extend: '', batoken: admin.token, lang: 'en' });
        expect(answer.frames.map((f) => f.data)).toEqual([
          'Error:npm is not installed on the server: install it, or choose another package manager in the terminal settings',
          'command-exec-error',
        ]);
      } finally {
        process.env.PATH = savedPath;
      }
      expect(spawn).not.toHaveBeenCalled();
    });

    it('runs one command at a time: a second request while one runs is refused, and works again once it ended', async () => {
      runSlowScriptInstead();
      const first = openStream({ command: 'versions', uuid: 'first', extend: '', batoken: admin.token });
      await eventually(() => first.frames.some((f) => f.data.startsWith('pid ')), 'the first command to start');
      expect(runner.runningKey).toBe('versions');

      jest.restoreAllMocks();
      const second = await stream({ command: 'versions', uuid: 'second', extend: '', batoken: admin.token, lang: 'en' });
      expect(second.frames).toEqual([
        { data: 'Error:Another command (versions) is running: try again when it has finished', uuid: 'second', extend: '', key: 'versions' },
        { data: 'command-exec-error', uuid: 'second', extend: '', key: 'versions' },
      ]);

      first.close();
      await first.finished;
      await eventually(() => runner.runningKey === null, 'the first command to be stopped');
      const third = await stream({ command: 'versions', uuid: 'third', extend: '', batoken: admin.token });
      expect(third.frames.map((f) => f.data).slice(-2)).toEqual(['command-exec-success', 'command-exec-completed']);
    });

    it('stops the command (and records it) when the client goes away before it ends', async () => {
      runSlowScriptInstead();
      const run = openStream({ command: 'versions', uuid: 'gone', extend: '', batoken: admin.token });
      await eventually(() => run.frames.some((f) => f.data.startsWith('pid ')), 'the command to start');
      expect(run.frames.slice(0, 2).map((f) => f.data)).toEqual(['command-link-success', '> node scripts/versions.js']);
      const pid = Number(run.frames.find((f) => f.data.startsWith('pid '))!.data.slice(4));
      expect(isAlive(pid)).toBe(true);

      run.close();
      await run.finished;
      await eventually(() => !isAlive(pid), 'the child process to be killed');
      await eventually(() => runner.runningKey === null, 'the runner to be free');
      await eventually(async () => (await terminalLog()).length === 1, 'the admin log entry');
      expect(JSON.parse((await terminalLog())[0].data!)).toMatchObject({ command: 'versions', uuid: 'gone', outcome: 'disconnected' });
      expect(run.frames.map((f) => f.data)).not.toContain('command-exec-completed');
    });
  });

  describe('changeTerminalConfig', () => {
    const terminalOf = async (session: Session) => (await as(t, session).get('/admin/index/index')).body.data.terminal;

    /** pnpm when the server has it, else a package manager it has. */
    const installed = findExecutable('pnpm') ? 'pnpm' : findExecutable('npm') ? 'npm' : findExecutable('yarn') ? 'yarn' : 'pnpm';

    it('starts from the defaults (8000, pnpm when the server has it, else a package manager it has)', async () => {
      expect(await terminalOf(admin)).toEqual({ installServicePort: '8000', npmPackageManager: installed });
    });

    it('saves the package manager and the port, which index/index then answers; either alone keeps the other', async () => {
      const saved = await as(t, admin).post('/admin/ajax/changeTerminalConfig', { config: { manager: 'npm', port: 8080 } });
      expect(saved.body).toMatchObject({ code: 1, msg: 'Terminal settings saved', data: { installServicePort: '8080', npmPackageManager: 'npm' } });
      expect(await terminalOf(admin)).toEqual({ installServicePort: '8080', npmPackageManager: 'npm' });

      expect((await as(t, admin).post('/admin/ajax/changeTerminalConfig', { config: { port: '9000' } })).body.code).toBe(1);
      expect(await terminalOf(admin)).toEqual({ installServicePort: '9000', npmPackageManager: 'npm' });
      expect((await as(t, admin).post('/admin/ajax/changeTerminalConfig', { config: { manager: 'yarn' } })).body.code).toBe(1);
      expect(await terminalOf(admin)).toEqual({ installServicePort: '9000', npmPackageManager: 'yarn' });

      // Seen by a new sign-in too: persisted, not held by the session.
      const again = await login(t);
      expect(await terminalOf(again)).toEqual({ installServicePort: '9000', npmPackageManager: 'yarn' });
    });

    it('refuses an unsupported package manager, a bad port or nothing to change, and keeps what was there', async () => {
      await as(t, admin).post('/admin/ajax/changeTerminalConfig', { config: { manager: 'npm', port: 8080 } });
      const cases: Array<[unknown, string]> = [
        [{ manager: 'cnpm' }, 'Unsupported package manager: choose one of npm, pnpm, yarn'],
        [{ manager: 'npm; rm -rf /' }, 'Unsupported package manager: choose one of npm, pnpm, yarn'],
        [{ manager: ['npm'] }, 'Unsupported package manager: choose one of npm, pnpm, yarn'],
        [{ port: 0 }, 'The port must be an integer from 1 to 65535'],
        [{ port: 65536 }, 'The port must be an integer from 1 to 65535'],
        [{ port: 80.5 }, 'The port must be an integer from 1 to 65535'],
        [{ port: '80a' }, 'The port must be an integer from 1 to 65535'],
        [{ port: -1 }, 'The port must be an integer from 1 to 65535'],
        [{ manager: 'npm', port: 'x' }, 'The port must be an integer from 1 to 65535'],
        [{}, 'Please give the package manager or the port'],
        [{ manager: '', port: '' }, 'Please give the package manager or the port'],
        ['npm', 'Please give the package manager or the port'],
      ];
      for (const [config, message] of cases) {
        const res = await as(t, admin).post('/admin/ajax/changeTerminalConfig', { config });
        expect({ config, body: { code: res.body.code, msg: res.body.msg } }).toEqual({ config, body: { code: 0, msg: message } });
      }
      const missing = await as(t, admin).post('/admin/ajax/changeTerminalConfig', {});
      expect(missing.body.code).toBe(0);
      expect(await terminalOf(admin)).toEqual({ installServicePort: '8080', npmPackageManager: 'npm' });
    });

    it('is for super administrators only, and needs a session', async () => {
      await createAdmin(t, 'clerk', ['dashboard']);
      const clerk = await login(t, 'clerk');
      const refused = await as(t, clerk).post('/admin/ajax/changeTerminalConfig', { config: { manager: 'npm' } });
      expect(refused.body.code).toBe(401);
      const anonymous = await http(t).post('/admin/ajax/changeTerminalConfig').send({ config: { manager: 'npm' } });
      expect(anonymous.body.code).toBe(302);
      expect(await terminalOf(admin)).toEqual({ installServicePort: '8000', npmPackageManager: installed });
    });
  });
});
