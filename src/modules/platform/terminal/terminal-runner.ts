import { ChildProcess, spawn } from 'node:child_process';
import { accessSync, constants, existsSync, statSync } from 'node:fs';
import { constants as osConstants } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { Observable } from 'rxjs';
import { LineSplitter } from './domain/terminal-output';

/** One process to run: a program file and its fixed arguments. */
export interface ProcessSpec {
  key: string;
  file: string;
  args: readonly string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Stopped (and reported as timed out) when it runs longer than this. */
  maxDurationMs: number;
}

export type RunEvent =
  | { type: 'busy'; runningKey: string }
  | { type: 'spawn-failed'; reason: string }
  | { type: 'started' }
  | { type: 'line'; text: string }
  | { type: 'exit'; code: number; timedOut: boolean };

/** How long a child asked to stop (SIGTERM) may take before it is killed outright. */
const KILL_GRACE_MS = 5000;

/**
 * Runs the terminal's commands, one at a time for the whole server. A run is an Observable: subscribing
 * starts the process (or answers `busy` while another one runs), its stdout and stderr come out as lines, and
 * it ends with the exit code. Unsubscribing before the end (the client went away) stops the process and
 * everything it started (it leads its own process group). The next run may start only once the process
 * has really exited.
 */
@Injectable()
export class TerminalRunner implements OnApplicationShutdown {
  private readonly logger = new Logger('Terminal');
  private current: { key: string; child: ChildProcess | null } | null = null;

  /** The key of the command running now, or null. */
  get runningKey(): string | null {
    return this.current?.key ?? null;
  }

  run(spec: ProcessSpec): Observable<RunEvent> {
    return new Observable<RunEvent>((out) => {
      if (this.current) {
        out.next({ type: 'busy', runningKey: this.current.key });
        out.complete();
        return undefined;
      }
      const slot: { key: string; child: ChildProcess | null } = { key: spec.key, child: null };
      this.current = slot;
      const release = () => {
        if (this.current === slot) this.current = null;
      };

      let child: ChildProcess;
      try {
        child = spawn(spec.file, [...spec.args], { cwd: spec.cwd, env: spec.env, stdio: ['ignore', 'pipe', 'pipe'], detached: true, windowsHide: true });
      } catch (error) {
        release();
        out.next({ type: 'spawn-failed', reason: (error as Error).message });
        out.complete();
        return undefined;
      }
      slot.child = child;

      let failed = false;
      let timedOut = false;
      let killTimer: NodeJS.Timeout | undefined;
      child.once('error', (error: NodeJS.ErrnoException) => {
        // Only reported when the process never started (ENOENT, EACCES); a started one ends through 'close'.
        if (child.pid !== undefined) return;
        failed = true;
        release();
        out.next({ type: 'spawn-failed', reason: error.code ?? error.message });
        out.complete();
      });
      if (child.pid === undefined) return () => undefined;

      out.next({ type: 'started' });
      for (const stream of [child.stdout!, child.stderr!]) {
        const decoder = new StringDecoder('utf8');
        const lines = new LineSplitter();
        const emit = (texts: string[]) => texts.forEach((text) => out.next({ type: 'line', text }));
        stream.on('data', (chunk: Buffer) => emit(lines.push(decoder.write(chunk))));
        stream.on('end', () => emit(lines.push(decoder.end()).concat(lines.flush())));
      }
      const deadline = setTimeout(() => {
        timedOut = true;
        stop();
      }, spec.maxDurationMs);
      deadline.unref();

      const stop = () => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        signalGroup(child, 'SIGTERM');
        killTimer ??= setTimeout(() => signalGroup(child, 'SIGKILL'), KILL_GRACE_MS);
        killTimer.unref();
      };
      child.once('close', (code, signal) => {
        clearTimeout(deadline);
        if (killTimer) clearTimeout(killTimer);
        release();
        if (failed) return;
        out.next({ type: 'exit', code: code ?? exitCodeOf(signal), timedOut });
        out.complete();
      });
      // Teardown: runs after completion too, when there is nothing left to stop.
      return stop;
    });
  }

  onApplicationShutdown(): void {
    const child = this.current?.child;
    if (child && child.exitCode === null && child.signalCode === null) {
      this.logger.warn(`stopping "${this.current!.key}" as the server shuts down`);
      signalGroup(child, 'SIGKILL');
    }
  }
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    // Negative pid: the whole group (npm → node → vite ...), since the child was started detached.
    if (child.pid !== undefined) process.kill(process.platform === 'win32' ? child.pid : -child.pid, signal);
  } catch {
    child.kill(signal);
  }
}

/** A process ended by a signal reports 128 + the signal's number, as a shell would. */
function exitCodeOf(signal: NodeJS.Signals | null): number {
  const number = signal ? (osConstants.signals as Record<string, number>)[signal] : undefined;
  return number ? 128 + number : 1;
}

/** The full path of a program on PATH (as a shell would find it), or null when it is not installed. */
export function findExecutable(name: string, env: NodeJS.ProcessEnv = process.env): string | null {
  const extensions = process.platform === 'win32' ? (env.PATHEXT ?? '.EXE;.CMD;.BAT').split(';') : [''];
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    for (const extension of extensions) {
      const candidate = join(dir, name + extension);
      try {
        if (!statSync(candidate).isFile()) continue;
        accessSync(candidate, constants.X_OK);
        return candidate;
      } catch {
        // not there, or not executable
      }
    }
  }
  return null;
}

/** The project root (where package.json and scripts/ are), from src/ or dist/src/ alike. */
export function projectRoot(from: string = __dirname): string {
  let dir = from;
  for (;;) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'scripts', 'start.js'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
}
