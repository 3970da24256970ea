import { Injectable } from '@nestjs/common';
import { unixNow } from '../../../shared/http/envelope';
import { isPackageManager } from './domain/terminal-commands';
import { DEFAULT_TERMINAL_SETTINGS, defaultPackageManager, TerminalSettings, TerminalSettingsChange } from './domain/terminal-config';
import { findExecutable } from './terminal-runner';
import { TerminalSettingsRepository } from './persistence/terminal-settings.repository';

const NAMES = { npmPackageManager: 'npm_package_manager', installServicePort: 'install_service_port' } as const;

/** Reads and changes the terminal's persisted settings; a missing or unreadable value falls back to the default. */
@Injectable()
export class TerminalSettingsService {
  constructor(private readonly rows: TerminalSettingsRepository) {}

  async read(): Promise<TerminalSettings> {
    const stored = await this.rows.read(Object.values(NAMES));
    const manager = stored[NAMES.npmPackageManager];
    const port = Number(stored[NAMES.installServicePort]);
    return {
      npmPackageManager: isPackageManager(manager) ? manager : defaultPackageManager((pm) => findExecutable(pm) !== null),
      installServicePort: Number.isInteger(port) && port >= 1 && port <= 65535 ? port : DEFAULT_TERMINAL_SETTINGS.installServicePort,
    };
  }

  async change(change: TerminalSettingsChange): Promise<TerminalSettings> {
    const values: Record<string, string> = {};
    if (change.npmPackageManager !== undefined) values[NAMES.npmPackageManager] = change.npmPackageManager;
    if (change.installServicePort !== undefined) values[NAMES.installServicePort] = String(change.installServicePort);
    await this.rows.write(values, unixNow());
    return this.read();
  }
}
