import { ConsoleLogger, LogLevel } from '@nestjs/common';

/** Nest's own start-up chatter: one line per module, controller and route (about 300 lines). */
const START_UP_CONTEXTS = new Set(['NestFactory', 'InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestApplication']);

/** LOG_LEVEL=verbose (or `npm start -- --verbose`) prints everything, the route mapping included. */
export function isVerbose(env: NodeJS.ProcessEnv = process.env, argv: readonly string[] = process.argv): boolean {
  return (env.LOG_LEVEL ?? '').trim().toLowerCase() === 'verbose' || argv.includes('--verbose');
}

/**
 * The server's logger: errors, warnings and the app's own messages, without Nest's start-up listing of
 * every module and route, which buries the one "listening on" line. Verbose shows it all.
 */
export class QuietStartLogger extends ConsoleLogger {
  constructor(private readonly showAll: boolean = isVerbose()) {
    super();
    this.setLogLevels(showAll ? ['error', 'warn', 'log', 'debug', 'verbose'] : ['error', 'warn', 'log']);
  }

  /** Whether a message at `level` from `context` is printed. */
  shows(level: LogLevel, context: string | undefined): boolean {
    return this.showAll || level !== 'log' || !START_UP_CONTEXTS.has(context ?? '');
  }

  log(message: unknown, ...rest: unknown[]): void {
    const context = typeof rest[rest.length - 1] === 'string' ? (rest[rest.length - 1] as string) : this.context;
    if (this.shows('log', context)) super.log(message, ...(rest as [string?]));
  }
}
