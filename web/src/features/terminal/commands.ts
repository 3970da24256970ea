/** What the panel shows for the allow-listed command keys and the task statuses (plain data, no React). */
import { TaskStatus, type PackageManagerCommand } from '@/stores/terminal';

export interface QuickCommand {
  /** i18n key part under terminal.command / terminal.commandTip */
  name: 'versions' | 'migrate' | 'webInstall' | 'webBuild';
  /** a fixed key, or a command that needs the package manager (chosen in the dialog) */
  run: { key: string } | { withManager: PackageManagerCommand };
}

/** The panel's button group, in the order shown. */
export const QUICK_COMMANDS: QuickCommand[] = [
  { name: 'versions', run: { key: 'versions' } },
  { name: 'webInstall', run: { withManager: 'web-install' } },
  { name: 'webBuild', run: { withManager: 'web-build' } },
  { name: 'migrate', run: { key: 'migrate.run' } },
];

/** `web-build.npm` → {name: 'webBuild', manager: 'npm'}; unknown keys → {name: 'other'}. */
export function describeCommand(key: string): { name: QuickCommand['name'] | 'other'; manager?: string } {
  if (key === 'versions') return { name: 'versions' };
  if (key === 'migrate.run') return { name: 'migrate' };
  const match = key.match(/^(web-install|web-build)\.(.+)$/);
  if (match) return { name: match[1] === 'web-install' ? 'webInstall' : 'webBuild', manager: match[2] };
  return { name: 'other' };
}

export const STATUS_NAMES: Record<TaskStatus, string> = {
  [TaskStatus.Waiting]: 'waiting',
  [TaskStatus.Connecting]: 'connecting',
  [TaskStatus.Executing]: 'executing',
  [TaskStatus.Success]: 'success',
  [TaskStatus.Failed]: 'failed',
  [TaskStatus.Unknown]: 'unknown',
};

/** Arco tag colours; read the same on the light and the dark theme. */
export const STATUS_COLORS: Record<TaskStatus, string> = {
  [TaskStatus.Waiting]: 'gray',
  [TaskStatus.Connecting]: 'cyan',
  [TaskStatus.Executing]: 'arcoblue',
  [TaskStatus.Success]: 'green',
  [TaskStatus.Failed]: 'red',
  [TaskStatus.Unknown]: 'orange',
};

export function isRunning(status: TaskStatus): boolean {
  return status === TaskStatus.Connecting || status === TaskStatus.Executing;
}
