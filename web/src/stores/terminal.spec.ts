import { setLocale, t } from '@/lang';
import { changeTerminalConfig } from '@/api/platform';
import { RootStore } from './root';
import { PACKAGE_MANAGERS, TaskStatus, TERMINAL_STORAGE_KEY, type EventSourceLike } from './terminal';
import type { StorageLike } from './persist';

jest.mock('@/api/platform', () => ({ ...jest.requireActual('@/api/platform'), changeTerminalConfig: jest.fn() }));
const mockedChangeConfig = changeTerminalConfig as unknown as jest.Mock;

class FakeSource implements EventSourceLike {
  onmessage: ((event: { data: string }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {}
  close() {
    this.closed = true;
  }
  get uuid() {
    return new URL(this.url, 'http://x').searchParams.get('uuid') ?? '';
  }
  /** One SSE frame as the server sends it: {data, uuid, extend, key}. */
  emit(data: string) {
    this.onmessage?.({ data: JSON.stringify({ data, uuid: this.uuid, extend: '', key: 'web-build.pnpm' }) });
  }
  fail() {
    this.onerror?.(new Event('error'));
  }
}

function memoryStorage(initial: Record<string, string> = {}): StorageLike & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

function setup(initial: Record<string, string> = {}) {
  const sources: FakeSource[] = [];
  const notices: Array<[string, string]> = [];
  const storage = memoryStorage(initial);
  const root = new RootStore({
    storage,
    eventSourceFactory: (url) => {
      const s = new FakeSource(url);
      sources.push(s);
      return s;
    },
    notify: (type, message) => notices.push([type, message]),
  });
  root.adminInfo.dataFill({ id: 1, token: 'admin-token' });
  const terminal = root.terminal;
  const status = (id: string) => terminal.find(id)?.status;
  return { root, terminal, sources, notices, storage, status };
}

beforeAll(async () => {
  await setLocale('en');
});

describe('terminal task queue', () => {
  it('a new task is Waiting and the first waiting task starts at once (Connecting) with the right stream URL', () => {
    const { terminal, sources, status } = setup();
    terminal.changeAutomaticCleanupTask('0');
    const id = terminal.addTask('web-build.pnpm', true, 'module-install:abc');
    expect(status(id)).toBe(TaskStatus.Connecting);
    expect(sources).toHaveLength(1);
    const url = new URL(sources[0].url, 'http://x');
    expect(url.pathname).toBe('/admin/Terminal/index');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      command: 'web-build.pnpm',
      uuid: id,
      extend: 'module-install:abc',
      batoken: 'admin-token',
      server: '1',
      lang: 'en',
    });
  });

  it('link-success → Executing, output is collected, exec-success → Success, completed closes and tells the callback Success', () => {
    const { terminal, sources, status } = setup();
    terminal.changeAutomaticCleanupTask('0');
    const callback = jest.fn();
    const id = terminal.addTask('version.node', true, '', callback);
    const s = sources[0];
    s.emit('command-link-success');
    expect(status(id)).toBe(TaskStatus.Executing);
    s.emit('> node -v');
    s.emit('v20.20.0');
    s.emit('exitcode: 0');
    s.emit('command-exec-success');
    expect(status(id)).toBe(TaskStatus.Success);
    expect(callback).not.toHaveBeenCalled();
    expect(s.closed).toBe(false);
    s.emit('command-exec-completed');
    expect(s.closed).toBe(true);
    expect(callback).toHaveBeenCalledTimes(1);
    expect(callback.mock.calls[0][0]).toBe(TaskStatus.Success);
    expect(terminal.find(id)?.message).toEqual(['> node -v', 'v20.20.0', 'exitcode: 0']);
  });

  it('removes successful tasks automatically when automatic cleanup is on', () => {
    const { terminal, sources } = setup();
    expect(terminal.automaticCleanupTask).toBe('1');
    const id = terminal.addTask('version.node');
    sources[0].emit('command-link-success');
    sources[0].emit('command-exec-success');
    sources[0].emit('command-exec-completed');
    expect(terminal.find(id)).toBeUndefined();
  });

  it('exec-error → Failed: the stream closes, the callback hears Failed, a blocking task shows its output and blocks the next', () => {
    const { terminal, sources, status } = setup();
    const callback = jest.fn();
    const first = terminal.addTask('web-install.pnpm', true, '', callback);
    const second = terminal.addTask('web-build.pnpm');
    expect(status(second)).toBe(TaskStatus.Waiting);
    sources[0].emit('command-link-success');
    sources[0].emit('npm ERR! something');
    sources[0].emit('command-exec-error');
    expect(status(first)).toBe(TaskStatus.Failed);
    expect(sources[0].closed).toBe(true);
    expect(callback).toHaveBeenCalledWith(TaskStatus.Failed, expect.objectContaining({ uuid: first }));
    expect(terminal.find(first)?.showMessage).toBe(true);
    expect(status(second)).toBe(TaskStatus.Waiting);
    expect(sources).toHaveLength(1);
  });

  it('a failed task without blockOnFailure is skipped: the next one starts', () => {
    const { terminal, sources, status } = setup();
    const first = terminal.addTask('ping.localhost', false);
    const second = terminal.addTask('version.npm');
    sources[0].emit('command-exec-error');
    expect(status(first)).toBe(TaskStatus.Failed);
    expect(terminal.find(first)?.showMessage).toBe(false);
    expect(status(second)).toBe(TaskStatus.Connecting);
    expect(sources).toHaveLength(2);
  });

  it('completed without exec-success marks the task Failed', () => {
    const { terminal, sources, status } = setup();
    const callback = jest.fn();
    const id = terminal.addTask('version.npm', true, '', callback);
    sources[0].emit('command-link-success');
    sources[0].emit('command-exec-completed');
    expect(status(id)).toBe(TaskStatus.Failed);
    expect(sources[0].closed).toBe(true);
    expect(callback.mock.calls[0][0]).toBe(TaskStatus.Failed);
  });

  it('a stream error marks the task Failed and closes the stream', () => {
    const { terminal, sources, status } = setup();
    const callback = jest.fn();
    const id = terminal.addTask('version.npm', false, '', callback);
    const next = terminal.addTask('version.node', false);
    sources[0].fail();
    expect(status(id)).toBe(TaskStatus.Failed);
    expect(sources[0].closed).toBe(true);
    expect(callback.mock.calls[0][0]).toBe(TaskStatus.Failed);
    expect(status(next)).toBe(TaskStatus.Connecting);
  });

  it('runs tasks one at a time, in order', () => {
    const { terminal, sources, status } = setup();
    terminal.changeAutomaticCleanupTask('0');
    const a = terminal.addTask('a');
    const b = terminal.addTask('b');
    const c = terminal.addTask('c');
    expect([status(a), status(b), status(c)]).toEqual([TaskStatus.Connecting, TaskStatus.Waiting, TaskStatus.Waiting]);
    sources[0].emit('command-link-success');
    expect([status(a), status(b), status(c)]).toEqual([TaskStatus.Executing, TaskStatus.Waiting, TaskStatus.Waiting]);
    sources[0].emit('command-exec-success');
    sources[0].emit('command-exec-completed');
    expect([status(a), status(b), status(c)]).toEqual([TaskStatus.Success, TaskStatus.Connecting, TaskStatus.Waiting]);
    expect(sources[1].uuid).toBe(b);
    sources[1].emit('command-exec-success');
    sources[1].emit('command-exec-completed');
    expect(status(c)).toBe(TaskStatus.Connecting);
    expect(sources).toHaveLength(3);
  });

  it('at start, tasks left Connecting or Executing become Unknown, and an Unknown blocking task blocks', () => {
    const saved = {
      showDot: true,
      automaticCleanupTask: '0',
      taskList: [
        { uuid: 'u1', createtime: 1, status: TaskStatus.Connecting, command: 'x', message: [], showMessage: false, blockOnFailure: true, extend: '' },
        { uuid: 'u2', createtime: 2, status: TaskStatus.Executing, command: 'y', message: ['half'], showMessage: false, blockOnFailure: false, extend: '' },
        { uuid: 'u3', createtime: 3, status: TaskStatus.Success, command: 'z', message: [], showMessage: false, blockOnFailure: true, extend: '' },
        { uuid: 'u4', createtime: 4, status: TaskStatus.Waiting, command: 'w', message: [], showMessage: false, blockOnFailure: true, extend: '' },
      ],
    };
    const { terminal, sources, status } = setup({ [TERMINAL_STORAGE_KEY]: JSON.stringify(saved) });
    expect(status('u1')).toBe(TaskStatus.Unknown);
    expect(status('u2')).toBe(TaskStatus.Unknown);
    expect(status('u3')).toBe(TaskStatus.Success);
    expect(status('u4')).toBe(TaskStatus.Waiting);
    expect(terminal.showDot).toBe(true);
    expect(terminal.automaticCleanupTask).toBe('0');
    terminal.startTask();
    expect(sources).toHaveLength(0);
    // Deleting the blocking unknown task lets the waiting one start (u2 is unknown but not blocking).
    expect(terminal.delTask('u1')).toBe(true);
    expect(status('u4')).toBe(TaskStatus.Connecting);
  });

  it('retry clears the output and puts the task back in the queue', () => {
    const { terminal, sources, status } = setup();
    const id = terminal.addTask('web-build.pnpm');
    sources[0].emit('some output');
    sources[0].emit('command-exec-error');
    expect(status(id)).toBe(TaskStatus.Failed);
    expect(terminal.find(id)?.message).toEqual(['some output']);
    expect(terminal.retryTask(id)).toBe(true);
    expect(terminal.find(id)?.message).toEqual([]);
    // Waiting, and being first in the queue, it starts again at once.
    expect(status(id)).toBe(TaskStatus.Connecting);
    expect(sources).toHaveLength(2);
    expect(terminal.retryTask(id)).toBe(false);
  });

  it('retry of a task behind a running one leaves it Waiting', () => {
    const { terminal, sources, status } = setup();
    const a = terminal.addTask('a', false);
    sources[0].emit('command-exec-error');
    const b = terminal.addTask('b');
    expect(status(b)).toBe(TaskStatus.Connecting);
    terminal.retryTask(a);
    expect(status(a)).toBe(TaskStatus.Waiting);
  });

  it('deleting is refused while Connecting or Executing and allowed otherwise', () => {
    const { terminal, sources, status } = setup();
    terminal.changeAutomaticCleanupTask('0');
    const id = terminal.addTask('x');
    expect(terminal.delTask(id)).toBe(false);
    sources[0].emit('command-link-success');
    expect(terminal.delTask(id)).toBe(false);
    sources[0].emit('command-exec-success');
    sources[0].emit('command-exec-completed');
    expect(status(id)).toBe(TaskStatus.Success);
    expect(terminal.delTask(id)).toBe(true);
    expect(terminal.taskList).toHaveLength(0);
    const waiting = terminal.addTask('y');
    const queued = terminal.addTask('z');
    expect(terminal.delTask(queued)).toBe(true);
    expect(terminal.find(waiting)).toBeDefined();
  });

  it('adding a task while the panel is hidden lights the dot and warns when a failed task blocks the queue', () => {
    const { terminal, sources, notices } = setup();
    terminal.addTask('a');
    expect(terminal.showDot).toBe(true);
    expect(notices).toEqual([]);
    sources[0].emit('command-exec-error');
    terminal.addTask('b');
    expect(notices).toEqual([['error', 'Newly added tasks will never start because they are blocked by failed tasks']]);
    expect(t('terminal.blocked')).toBe(notices[0][1]);
    terminal.toggle(true);
    expect(terminal.showDot).toBe(false);
    terminal.addTask('c');
    expect(notices).toHaveLength(1);
    expect(terminal.showDot).toBe(false);
  });

  it('persists showDot, taskList and automaticCleanupTask under storeTerminal, nothing else', () => {
    const { terminal, storage } = setup();
    terminal.addTask('a');
    terminal.toggleConfigDialog(true);
    const saved = JSON.parse(storage.data.get(TERMINAL_STORAGE_KEY)!);
    expect(Object.keys(saved).sort()).toEqual(['automaticCleanupTask', 'showDot', 'taskList']);
    expect(saved.taskList[0]).toMatchObject({ command: 'a', status: TaskStatus.Connecting });
  });

  it('takes the port and package manager from the bootstrap', () => {
    const { terminal } = setup();
    expect(terminal.packageManager).toBe('pnpm');
    expect(terminal.port).toBe('8000');
    terminal.setServerConfig({ installServicePort: 8080, npmPackageManager: 'npm' });
    expect(terminal.port).toBe('8080');
    expect(terminal.packageManager).toBe('npm');
  });
  it('Connecting → Failed when the stream reports an error before linking; later frames and errors of a closed stream change nothing', () => {
    const { terminal, sources, status } = setup();
    terminal.changeAutomaticCleanupTask('0');
    const callback = jest.fn();
    const id = terminal.addTask('versions', false, '', callback);
    sources[0].emit('Error:You\'re not super administrator');
    sources[0].emit('command-exec-error');
    expect(status(id)).toBe(TaskStatus.Failed);
    expect(terminal.find(id)?.message).toEqual(['Error:You\'re not super administrator']);
    // EventSource reports an error when the server closes the stream: too late to matter.
    sources[0].fail();
    sources[0].emit('command-exec-success');
    expect(status(id)).toBe(TaskStatus.Failed);
    expect(callback).toHaveBeenCalledTimes(1);

    const ok = terminal.addTask('versions', false);
    sources[1].emit('command-link-success');
    sources[1].emit('command-exec-success');
    sources[1].emit('command-exec-completed');
    sources[1].fail();
    expect(status(ok)).toBe(TaskStatus.Success);
  });

  it('an Unknown task without blockOnFailure is skipped by the queue', () => {
    const saved = {
      taskList: [
        { uuid: 'left', createtime: 1, status: TaskStatus.Executing, command: 'versions', message: [], showMessage: false, blockOnFailure: false, extend: '' },
        { uuid: 'next', createtime: 2, status: TaskStatus.Waiting, command: 'versions', message: [], showMessage: false, blockOnFailure: true, extend: '' },
      ],
    };
    const { terminal, sources, status } = setup({ [TERMINAL_STORAGE_KEY]: JSON.stringify(saved) });
    expect(status('left')).toBe(TaskStatus.Unknown);
    expect(terminal.blocked).toBe(false);
    terminal.startTask();
    expect(status('next')).toBe(TaskStatus.Connecting);
    expect(sources[0].uuid).toBe('next');
  });

  it('a retried Unknown task runs again, and once successful it is cleaned up', () => {
    const saved = {
      automaticCleanupTask: '1',
      taskList: [{ uuid: 'u', createtime: 1, status: TaskStatus.Connecting, command: 'migrate.run', message: ['half'], showMessage: true, blockOnFailure: true, extend: '' }],
    };
    const { terminal, sources, status } = setup({ [TERMINAL_STORAGE_KEY]: JSON.stringify(saved) });
    expect(status('u')).toBe(TaskStatus.Unknown);
    expect(sources).toHaveLength(0);
    expect(terminal.retryTask('u')).toBe(true);
    expect(status('u')).toBe(TaskStatus.Connecting);
    expect(terminal.find('u')?.message).toEqual([]);
    sources[0].emit('command-link-success');
    sources[0].emit('command-exec-success');
    sources[0].emit('command-exec-completed');
    expect(terminal.find('u')).toBeUndefined();
  });

  it('a task finishing while the panel is hidden lights the dot; while it is shown, not', () => {
    const { terminal, sources } = setup();
    terminal.toggle(true);
    terminal.addTask('versions');
    sources[0].emit('command-exec-success');
    sources[0].emit('command-exec-completed');
    expect(terminal.showDot).toBe(false);
    terminal.addTask('versions');
    terminal.toggle(false);
    sources[1].emit('command-exec-error');
    expect(terminal.showDot).toBe(true);
  });

  it('package-manager commands use the chosen manager: the dialog remembers which command asked', () => {
    const { terminal, sources } = setup();
    terminal.changeAutomaticCleanupTask('0');
    terminal.setServerConfig({ npmPackageManager: 'npm' });
    terminal.addTaskPM('web-install');
    expect(terminal.taskList[0].command).toBe('web-install.npm');

    terminal.askPackageManager('web-build');
    expect(terminal.showPackageManagerDialog).toBe(true);
    const id = terminal.choosePackageManager('yarn');
    expect(terminal.showPackageManagerDialog).toBe(false);
    expect(terminal.packageManager).toBe('yarn');
    expect(terminal.find(id)).toMatchObject({ command: 'web-build.yarn', status: TaskStatus.Waiting, blockOnFailure: true });
    sources[0].emit('command-exec-success');
    sources[0].emit('command-exec-completed');
    expect(new URL(sources[1].url, 'http://x').searchParams.get('command')).toBe('web-build.yarn');
    expect(PACKAGE_MANAGERS).toEqual(['npm', 'pnpm', 'yarn']);
  });

  it('saves the config dialog through changeTerminalConfig and takes the answer; a refusal keeps the old values and says why', async () => {
    const { terminal } = setup();
    mockedChangeConfig.mockReset();
    mockedChangeConfig.mockResolvedValueOnce({ code: 1, msg: 'saved', time: 0, data: { installServicePort: '9000', npmPackageManager: 'yarn' } });
    terminal.toggleConfigDialog(true);
    await expect(terminal.saveConfig({ manager: 'yarn', port: 9000 })).resolves.toBe(true);
    expect(mockedChangeConfig).toHaveBeenCalledWith({ manager: 'yarn', port: 9000 });
    expect([terminal.packageManager, terminal.port, terminal.showConfig, terminal.loading]).toEqual(['yarn', '9000', false, false]);

    mockedChangeConfig.mockRejectedValueOnce({ code: 0, msg: 'The port must be an integer from 1 to 65535', time: 0, data: null });
    terminal.toggleConfigDialog(true);
    await expect(terminal.saveConfig({ manager: 'npm', port: 70000 })).resolves.toBe(false);
    expect([terminal.packageManager, terminal.port, terminal.showConfig, terminal.error]).toEqual(['yarn', '9000', true, 'The port must be an integer from 1 to 65535']);
  });
});
