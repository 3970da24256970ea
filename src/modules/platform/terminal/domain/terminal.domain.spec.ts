import { commandLineOf, findTerminalCommand, TERMINAL_COMMAND_KEYS } from './terminal-commands';
import { DEFAULT_TERMINAL_SETTINGS, defaultPackageManager, parseTerminalSettingsChange, terminalForClient } from './terminal-config';
import { frameContext, MAX_EXTEND_LENGTH, MAX_UUID_LENGTH } from './terminal-protocol';
import { LineSplitter, MAX_LINE_LENGTH, stripAnsi } from './terminal-output';

describe('terminal allow-list', () => {
  it('holds exactly the product commands, each with fixed arguments', () => {
    expect(TERMINAL_COMMAND_KEYS).toEqual([
      'versions',
      'migrate.run',
      'web-install.npm',
      'web-install.pnpm',
      'web-install.yarn',
      'web-build.npm',
      'web-build.pnpm',
      'web-build.yarn',
    ]);
    expect(commandLineOf(findTerminalCommand('versions')!)).toBe('node scripts/versions.js');
    expect(commandLineOf(findTerminalCommand('migrate.run')!)).toBe('node scripts/start.js --migrate-only');
    expect(findTerminalCommand('projections.rebuild')).toBeNull();
    expect(commandLineOf(findTerminalCommand('web-install.npm')!)).toBe('npm ci');
    expect(commandLineOf(findTerminalCommand('web-install.pnpm')!)).toBe('pnpm install');
    expect(commandLineOf(findTerminalCommand('web-build.yarn')!)).toBe('yarn run build:web');
  });

  it('knows nothing else: other keys, shell text, prototype names and non-strings', () => {
    for (const key of ['version.php', 'web-build.cnpm', 'versions ', 'versions;ls', 'constructor', '__proto__', 'toString', '', null, undefined, 1, ['versions'], { key: 'versions' }]) {
      expect(findTerminalCommand(key)).toBeNull();
    }
  });
});

describe('terminal settings change', () => {
  it('accepts a supported manager, a port from 1 to 65535 (number or digits), or both', () => {
    expect(parseTerminalSettingsChange({ manager: 'yarn' })).toEqual({ npmPackageManager: 'yarn' });
    expect(parseTerminalSettingsChange({ port: 1 })).toEqual({ installServicePort: 1 });
    expect(parseTerminalSettingsChange({ port: ' 65535 ' })).toEqual({ installServicePort: 65535 });
    expect(parseTerminalSettingsChange({ manager: 'npm', port: '8080', other: 'ignored' })).toEqual({ npmPackageManager: 'npm', installServicePort: 8080 });
  });

  it('refuses other managers, other ports and an empty change, with the message key', () => {
    const keyOf = (config: unknown) => {
      try {
        parseTerminalSettingsChange(config);
        return 'accepted';
      } catch (error) {
        return (error as { messageKey: string }).messageKey;
      }
    };
    expect(keyOf({ manager: 'cnpm' })).toBe('terminal.invalid_manager');
    expect(keyOf({ manager: 'NPM' })).toBe('terminal.invalid_manager');
    expect(keyOf({ manager: 7 })).toBe('terminal.invalid_manager');
    for (const port of [0, 65536, 1.5, -80, '1e3', '0x50', '80 80', true, [80], NaN]) expect({ port, key: keyOf({ port }) }).toEqual({ port, key: 'terminal.invalid_port' });
    for (const config of [{}, { manager: '', port: null }, null, 'npm', ['npm']]) expect(keyOf(config)).toBe('terminal.config_required');
  });

  it('answers the client with the port as a string, defaults pnpm and 8000', () => {
    expect(terminalForClient(DEFAULT_TERMINAL_SETTINGS)).toEqual({ installServicePort: '8000', npmPackageManager: 'pnpm' });
  });
});

describe('the preselected package manager', () => {
  it('is pnpm when installed, else the first installed of npm and yarn, never one that is missing', () => {
    expect(defaultPackageManager(() => true)).toBe('pnpm');
    expect(defaultPackageManager((pm) => pm === 'npm')).toBe('npm');
    expect(defaultPackageManager((pm) => pm === 'yarn')).toBe('yarn');
    expect(defaultPackageManager((pm) => pm !== 'pnpm')).toBe('npm');
    expect(defaultPackageManager(() => false)).toBe(DEFAULT_TERMINAL_SETTINGS.npmPackageManager);
  });
});

describe('terminal frames', () => {
  it('echo only strings, bounded', () => {
    expect(frameContext('versions', 'u', 'e')).toEqual({ key: 'versions', uuid: 'u', extend: 'e' });
    expect(frameContext(['x'], { a: 1 }, undefined)).toEqual({ key: '', uuid: '', extend: '' });
    const long = frameContext('k', 'u'.repeat(500), 'e'.repeat(500));
    expect([long.uuid.length, long.extend.length]).toEqual([MAX_UUID_LENGTH, MAX_EXTEND_LENGTH]);
  });
});

describe('terminal output lines', () => {
  it('splits on \\n, \\r\\n and \\r across chunks, keeping the unfinished line for later', () => {
    const lines = new LineSplitter();
    expect(lines.push('first\r\nsec')).toEqual(['first']);
    expect(lines.push('ond\n[##..] 50%\r[####] 100%\r')).toEqual(['second', '[##..] 50%', '[####] 100%']);
    expect(lines.push('\nlast without newline')).toEqual([]);
    expect(lines.flush()).toEqual(['last without newline']);
    expect(lines.flush()).toEqual([]);
  });

  it('removes colour codes, trailing blanks and empty lines, and cuts very long lines', () => {
    expect(stripAnsi('\u001b[32mok\u001b[39m \u001b[1;31mred\u001b[0m')).toBe('ok red');
    const lines = new LineSplitter();
    expect(lines.push('\u001b[2K\u001b[1G  indented   \n\n   \n\u001b[33mwarn\u001b[0m\n')).toEqual(['  indented', 'warn']);
    const [long] = lines.push(`${'x'.repeat(MAX_LINE_LENGTH + 10)}\n`);
    expect(long).toHaveLength(MAX_LINE_LENGTH + 1);
    expect(long.endsWith('…')).toBe(true);
  });

  it('lets out a line that never ends in pieces instead of holding it all', () => {
    const lines = new LineSplitter();
    const out = lines.push('y'.repeat(MAX_LINE_LENGTH * 3));
    expect(out.length).toBeGreaterThanOrEqual(1);
    expect(out.every((line) => line.length === MAX_LINE_LENGTH)).toBe(true);
  });
});
