/** The web terminal's surface for the other contexts. */
export { TerminalModule } from './terminal.module';
export { TerminalSettingsService } from './terminal-settings.service';
export { terminalForClient } from './domain/terminal-config';
export type { TerminalSettings } from './domain/terminal-config';
export { ADMIN_ACTIVITY_LOG } from './admin-activity-log.port';
export type { AdminActivity, AdminActivityLog } from './admin-activity-log.port';
