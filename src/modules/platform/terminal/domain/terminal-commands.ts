/**
 * The terminal's allow-list (cut down to what this product needs). A client
 * names a command by its key and nothing else: every program and argument is fixed here, and a command is
 * always started as an argument vector from the project root, never through a shell.
 */

/** The package managers the server can run; `npm` comes with Node.js, the others only when installed. */
export const PACKAGE_MANAGERS = ['npm', 'pnpm', 'yarn'] as const;
export type PackageManager = (typeof PACKAGE_MANAGERS)[number];

export function isPackageManager(value: unknown): value is PackageManager {
  return typeof value === 'string' && (PACKAGE_MANAGERS as readonly string[]).includes(value);
}

/** `node` is the server's own Node.js binary; a package manager is looked up on the server's PATH. */
export type TerminalProgram = 'node' | PackageManager;

export interface TerminalCommand {
  /** The allow-listed key (`web-build.npm`). */
  key: string;
  program: TerminalProgram;
  /** Fixed arguments; file paths are relative to the project root. */
  args: readonly string[];
}

/** Per package manager: install the locked dependencies, and build the front end with the `build:web` script. */
const INSTALL_ARGS: Record<PackageManager, readonly string[]> = {
  npm: ['ci'],
  pnpm: ['install'],
  yarn: ['install'],
};

// No projection rebuild: it empties the stock projections and must run with the app stopped, which a
// command started by the running app cannot guarantee (`npm run projections:rebuild` from a shell).
const FIXED: readonly TerminalCommand[] = [
  { key: 'versions', program: 'node', args: ['scripts/versions.js'] },
  { key: 'migrate.run', program: 'node', args: ['scripts/start.js', '--migrate-only'] },
];

const ALLOW_LIST: ReadonlyMap<string, TerminalCommand> = new Map(
  [
    ...FIXED,
    ...PACKAGE_MANAGERS.map((pm): TerminalCommand => ({ key: `web-install.${pm}`, program: pm, args: INSTALL_ARGS[pm] })),
    ...PACKAGE_MANAGERS.map((pm): TerminalCommand => ({ key: `web-build.${pm}`, program: pm, args: ['run', 'build:web'] })),
  ].map((command) => [command.key, command]),
);

/** Every allow-listed key, in a stable order. */
export const TERMINAL_COMMAND_KEYS: readonly string[] = [...ALLOW_LIST.keys()];

/** The command of an allow-listed key; null for anything else (other keys, non-strings, prototype names). */
export function findTerminalCommand(key: unknown): TerminalCommand | null {
  return typeof key === 'string' ? (ALLOW_LIST.get(key) ?? null) : null;
}

/** The command line shown to the admin (`> npm run build:web`). */
export function commandLineOf(command: TerminalCommand): string {
  return [command.program, ...command.args].join(' ');
}
