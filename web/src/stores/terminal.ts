import { makeAutoObservable, runInAction, toJS } from 'mobx';
import { addMessages, getLocale, t } from '@/lang';
import zhTerminal from '@/lang/zh-cn/terminal.json';
import enTerminal from '@/lang/en/terminal.json';
import { errorMessage } from '@/api/request';
import { changeTerminalConfig } from '@/api/platform';
import { persist, type StorageLike } from './persist';

// The terminal's words ('terminal.*'): the panel lives in the admin shell, not on a page with its own file.
addMessages('zh-cn', zhTerminal, 'terminal');
addMessages('en', enTerminal, 'terminal');

/** Terminal task status. */
export enum TaskStatus {
  Waiting = 0,
  Connecting = 1,
  Executing = 2,
  Success = 3,
  Failed = 4,
  Unknown = 5,
}

export interface TerminalTask {
  uuid: string;
  createtime: number;
  status: TaskStatus;
  /** an allow-listed command key, e.g. 'web-build.pnpm' */
  command: string;
  /** output lines */
  message: string[];
  showMessage: boolean;
  blockOnFailure: boolean;
  extend: string;
}

/** Told how a task ended: Success, or Failed (an Unknown task counts as Failed). */
export type TaskCallback = (status: TaskStatus.Success | TaskStatus.Failed, task: TerminalTask) => void;

/** The part of EventSource the queue uses. */
export interface EventSourceLike {
  onmessage: ((event: { data: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  close(): void;
}
export type EventSourceFactory = (url: string) => EventSourceLike;

/** The package managers the server can run (its allow-list has `web-install.<pm>` and `web-build.<pm>` for these). */
export const PACKAGE_MANAGERS = ['npm', 'pnpm', 'yarn'] as const;
export type PackageManager = (typeof PACKAGE_MANAGERS)[number];

/** Commands that take the package manager as their last part (`web-build.npm`). */
export type PackageManagerCommand = 'web-install' | 'web-build';

export function isPackageManager(value: unknown): value is PackageManager {
  return typeof value === 'string' && (PACKAGE_MANAGERS as readonly string[]).includes(value);
}

export const TERMINAL_STORAGE_KEY = 'storeTerminal';
export const TERMINAL_URL = '/admin/Terminal/index';

export const defaultEventSourceFactory: EventSourceFactory = (url) => new EventSource(url) as unknown as EventSourceLike;

function uuid(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return 'xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx'.replace(/[xy]/g, (c) => {
    const r = (Math.random() * 16) | 0;
    return (c === 'x' ? r : (r & 0x3) | 0x8).toString(16);
  });
}

/** What the terminal needs of the other stores: where it keeps its tasks, how it speaks, the admin's token, the stream. */
export interface TerminalRoot {
  storage: StorageLike;
  notify(type: 'error', message: string): void;
  adminInfo: { readonly token: string };
  eventSourceFactory: EventSourceFactory;
}

/**
 * The terminal's task queue: tasks run one at a time over an event stream (GET /admin/Terminal/index);
 * a failed (or unknown) task with blockOnFailure blocks those after it.
 */
export class TerminalStore {
  show = false;
  showDot = false;
  taskList: TerminalTask[] = [];
  packageManager = 'pnpm';
  showPackageManagerDialog = false;
  showConfig = false;
  /** '1' = remove successful tasks automatically */
  automaticCleanupTask = '1';
  port = '8000';
  /** The command the package-manager dialog will run once a manager is chosen. */
  packageManagerCommand: PackageManagerCommand = 'web-install';
  loading = false;
  error: string | null = null;

  private readonly callbacks = new Map<string, TaskCallback>();
  private readonly sources = new Map<string, EventSourceLike>();

  constructor(private readonly root: TerminalRoot) {
    makeAutoObservable<TerminalStore, 'root' | 'callbacks' | 'sources'>(this, { root: false, callbacks: false, sources: false }, { autoBind: true });
    persist(this, TERMINAL_STORAGE_KEY, ['showDot', 'taskList', 'automaticCleanupTask'], root.storage);
    this.init();
  }

  /** At start: tasks left Connecting or Executing by an earlier page can no longer be followed. */
  init() {
    for (const task of this.taskList) {
      if (task.status === TaskStatus.Connecting || task.status === TaskStatus.Executing) task.status = TaskStatus.Unknown;
    }
  }

  find(id: string): TerminalTask | undefined {
    return this.taskList.find((task) => task.uuid === id);
  }

  /** True when a failed or unknown task blocks the queue. */
  get blocked(): boolean {
    return this.taskList.some((task) => (task.status === TaskStatus.Failed || task.status === TaskStatus.Unknown) && task.blockOnFailure);
  }

  get running(): TerminalTask | undefined {
    return this.taskList.find((task) => task.status === TaskStatus.Connecting || task.status === TaskStatus.Executing);
  }

  addTask(command: string, blockOnFailure = true, extend = '', callback?: TaskCallback): string {
    if (!this.show) {
      this.showDot = true;
      if (this.blocked) this.root.notify('error', t('terminal.blocked'));
    }
    const task: TerminalTask = {
      uuid: uuid(),
      createtime: Math.floor(Date.now() / 1000),
      status: TaskStatus.Waiting,
      command,
      message: [],
      showMessage: false,
      blockOnFailure,
      extend,
    };
    this.taskList.push(task);
    if (callback) this.callbacks.set(task.uuid, callback);
    this.startTask();
    return task.uuid;
  }

  /** Adds `<command>.<package manager>` with the current package manager (`web-build.npm`). */
  addTaskPM(command: PackageManagerCommand, blockOnFailure = true, extend = '', callback?: TaskCallback): string {
    return this.addTask(`${command}.${this.packageManager}`, blockOnFailure, extend, callback);
  }

  /** Starts the first waiting task unless one is running or a blocking failure comes first. */
  startTask() {
    // One at a time: nothing starts while a task (wherever it is in the list) is connecting or executing.
    if (this.running) return;
    for (const task of this.taskList) {
      if (task.status === TaskStatus.Waiting) {
        this.run(task.uuid);
        return;
      }
      if (task.status === TaskStatus.Connecting || task.status === TaskStatus.Executing) return;
      if ((task.status === TaskStatus.Failed || task.status === TaskStatus.Unknown) && task.blockOnFailure) return;
    }
  }

  buildUrl(task: TerminalTask): string {
    const params = new URLSearchParams({
      command: task.command,
      uuid: task.uuid,
      extend: task.extend,
      batoken: this.root.adminInfo.token,
      server: '1',
      // EventSource cannot send think-lang: refusals come back in the page's language through `lang`.
      lang: getLocale(),
    });
    return `${TERMINAL_URL}?${params.toString()}`;
  }

  private run(id: string) {
    const task = this.find(id);
    if (!task) return;
    task.status = TaskStatus.Connecting;
    let source: EventSourceLike;
    try {
      source = this.root.eventSourceFactory(this.buildUrl(task));
    } catch {
      this.finish(id, TaskStatus.Failed);
      return;
    }
    this.sources.set(id, source);
    source.onmessage = (event) => this.onStreamMessage(id, event.data);
    source.onerror = () => this.onStreamError(id);
  }

  onStreamMessage(id: string, raw: string) {
    const task = this.find(id);
    if (!task || !this.sources.has(id)) return;
    let text = raw;
    try {
      const frame = JSON.parse(raw) as { data?: unknown };
      if (frame && typeof frame === 'object' && 'data' in frame) text = String(frame.data ?? '');
    } catch {
      // a plain-text frame
    }
    switch (text) {
      case 'command-link-success':
        task.status = TaskStatus.Executing;
        break;
      case 'command-exec-success':
        task.status = TaskStatus.Success;
        break;
      case 'command-exec-error':
        this.finish(id, TaskStatus.Failed);
        break;
      case 'command-exec-completed':
        this.finish(id, task.status === TaskStatus.Success ? TaskStatus.Success : TaskStatus.Failed);
        break;
      default:
        if (text !== '') task.message.push(text);
    }
  }

  onStreamError(id: string) {
    if (!this.sources.has(id)) return;
    this.finish(id, TaskStatus.Failed);
  }

  private finish(id: string, status: TaskStatus.Success | TaskStatus.Failed) {
    const source = this.sources.get(id);
    if (source) {
      source.onmessage = null;
      source.onerror = null;
      source.close();
      this.sources.delete(id);
    }
    const task = this.find(id);
    if (task) {
      task.status = status;
      // Finished while the panel is hidden: the top bar button shows a dot until it is opened.
      if (!this.show) this.showDot = true;
      if (status === TaskStatus.Failed && task.blockOnFailure) task.showMessage = true;
      const callback = this.callbacks.get(id);
      this.callbacks.delete(id);
      if (callback) {
        try {
          callback(status, toJS(task));
        } catch (e) {
          console.error(e);
        }
      }
      if (status === TaskStatus.Success && this.automaticCleanupTask === '1') this.clearSuccessTask();
    }
    this.startTask();
  }

  /** Clears the output and puts the task back in the queue. */
  retryTask(id: string): boolean {
    const task = this.find(id);
    if (!task || task.status === TaskStatus.Connecting || task.status === TaskStatus.Executing) return false;
    task.message = [];
    task.showMessage = false;
    task.status = TaskStatus.Waiting;
    this.startTask();
    return true;
  }

  /** Removes a task unless it is connecting or executing. */
  delTask(id: string): boolean {
    const task = this.find(id);
    if (!task || task.status === TaskStatus.Connecting || task.status === TaskStatus.Executing) return false;
    this.taskList = this.taskList.filter((item) => item.uuid !== id);
    this.callbacks.delete(id);
    this.startTask();
    return true;
  }

  clearSuccessTask() {
    this.taskList = this.taskList.filter((task) => task.status !== TaskStatus.Success);
  }

  toggle(show: boolean = !this.show) {
    this.show = show;
    if (show) this.showDot = false;
  }

  toggleDot(value: boolean = !this.showDot) {
    this.showDot = value;
  }

  setTaskShowMessage(id: string, value?: boolean) {
    const task = this.find(id);
    if (task) task.showMessage = value ?? !task.showMessage;
  }

  togglePackageManagerDialog(value: boolean = !this.showPackageManagerDialog) {
    this.showPackageManagerDialog = value;
  }

  /** Opens the package-manager dialog for a command that needs one (install dependencies, build the front end). */
  askPackageManager(command: PackageManagerCommand) {
    this.packageManagerCommand = command;
    this.showPackageManagerDialog = true;
  }

  /** The dialog's choice: use this manager from now on (this page) and run the command the dialog was opened for. */
  choosePackageManager(manager: PackageManager, callback?: TaskCallback): string {
    this.changePackageManager(manager);
    this.showPackageManagerDialog = false;
    return this.addTaskPM(this.packageManagerCommand, true, '', callback);
  }

  toggleConfigDialog(value: boolean = !this.showConfig) {
    this.showConfig = value;
  }

  changePackageManager(manager: string) {
    this.packageManager = manager;
  }

  changePort(port: string | number) {
    this.port = String(port);
  }

  changeAutomaticCleanupTask(value: '0' | '1' | boolean) {
    this.automaticCleanupTask = value === true || value === '1' ? '1' : '0';
  }

  /**
   * The config dialog's Save: POST /admin/ajax/changeTerminalConfig {config: {manager, port}}. On success the
   * server's answer becomes the current settings and the dialog closes; resolves whether it was saved.
   */
  async saveConfig(config: { manager: string; port: string | number }): Promise<boolean> {
    this.loading = true;
    this.error = null;
    try {
      const res = await changeTerminalConfig({ manager: config.manager, port: config.port });
      runInAction(() => {
        this.setServerConfig(res.data ?? {});
        this.loading = false;
        this.showConfig = false;
      });
      return true;
    } catch (e) {
      runInAction(() => {
        this.loading = false;
        this.error = errorMessage(e);
      });
      return false;
    }
  }

  /** From the bootstrap: {installServicePort, npmPackageManager}. */
  setServerConfig(config: { installServicePort?: string | number; npmPackageManager?: string }) {
    if (config.installServicePort !== undefined && config.installServicePort !== '') this.port = String(config.installServicePort);
    if (config.npmPackageManager) this.packageManager = config.npmPackageManager;
  }
}
