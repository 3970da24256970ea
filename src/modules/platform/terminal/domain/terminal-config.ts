import { AppError } from '../../../../shared/http/app-error';
import { isPackageManager, PACKAGE_MANAGERS, PackageManager } from './terminal-commands';

/**
 * The terminal's settings: the package manager the panel uses for install
 * and build, and the install service port. Defaults below (pnpm, port 8000).
 */
export interface TerminalSettings {
  npmPackageManager: PackageManager;
  installServicePort: number;
}

export const DEFAULT_TERMINAL_SETTINGS: TerminalSettings = { npmPackageManager: 'pnpm', installServicePort: 8000 };

/**
 * The package manager preselected while none was chosen: pnpm (the framework's default) when the server
 * has it, else the first installed of npm and yarn, so the terminal never starts on one that would fail.
 */
export function defaultPackageManager(installed: (manager: PackageManager) => boolean): PackageManager {
  const preferred: PackageManager[] = [DEFAULT_TERMINAL_SETTINGS.npmPackageManager, ...PACKAGE_MANAGERS.filter((m) => m !== DEFAULT_TERMINAL_SETTINGS.npmPackageManager)];
  return preferred.find(installed) ?? DEFAULT_TERMINAL_SETTINGS.npmPackageManager;
}

export interface TerminalSettingsChange {
  npmPackageManager?: PackageManager;
  installServicePort?: number;
}

export class TerminalConfigError extends AppError {
  constructor(key: string, args: Record<string, string | number> = {}) {
    super(`terminal.${key}`, args);
  }
}

/**
 * Reads `config: {manager?, port?}` of `ajax/changeTerminalConfig`. The manager must be one the server
 * supports; the port an integer 1–65535 (a string of digits is accepted, as forms send them). At least one
 * of the two must be given.
 */
export function parseTerminalSettingsChange(config: unknown): TerminalSettingsChange {
  if (!config || typeof config !== 'object' || Array.isArray(config)) throw new TerminalConfigError('config_required');
  const { manager, port } = config as { manager?: unknown; port?: unknown };
  const change: TerminalSettingsChange = {};
  if (manager !== undefined && manager !== null && manager !== '') {
    if (!isPackageManager(manager)) throw new TerminalConfigError('invalid_manager', { managers: PACKAGE_MANAGERS.join(', ') });
    change.npmPackageManager = manager;
  }
  if (port !== undefined && port !== null && port !== '') {
    const value = typeof port === 'number' ? port : typeof port === 'string' && /^\d{1,5}$/.test(port.trim()) ? Number(port.trim()) : NaN;
    if (!Number.isInteger(value) || value < 1 || value > 65535) throw new TerminalConfigError('invalid_port');
    change.installServicePort = value;
  }
  if (change.npmPackageManager === undefined && change.installServicePort === undefined) throw new TerminalConfigError('config_required');
  return change;
}

/** What `index/index` answers as `terminal` (BuildAdmin sends the port as a string). */
export function terminalForClient(settings: TerminalSettings): { installServicePort: string; npmPackageManager: string } {
  return { installServicePort: String(settings.installServicePort), npmPackageManager: settings.npmPackageManager };
}
