import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { concat, defer, EMPTY, from, mergeMap, Observable, of, tap } from 'rxjs';
import { MessageArgs } from '../../../shared/http/app-error';
import { ADMIN_ACTIVITY_LOG, AdminActivityLog } from './admin-activity-log.port';
import { commandLineOf, findTerminalCommand, TerminalCommand } from './domain/terminal-commands';
import {
  errorText, EXEC_COMPLETED, EXEC_ERROR, EXEC_SUCCESS, exitText, frame, FrameContext, LINK_SUCCESS, TerminalFrame,
} from './domain/terminal-protocol';
import { findExecutable, ProcessSpec, projectRoot, RunEvent, TerminalRunner } from './terminal-runner';

/** The longest a command may run before it is stopped. */
export const MAX_RUN_MS = 30 * 60 * 1000;

export interface TerminalCaller {
  adminId: number;
  username: string;
  isSuper: boolean;
  ip: string;
  useragent: string;
}

export interface TerminalRequest extends FrameContext {
  caller: TerminalCaller;
  /** Translates a `terminal.*` message in the caller's language (captured while the request was current). */
  translate(key: string, args?: MessageArgs): string;
}

type Outcome = 'success' | 'failed' | 'refused' | 'disconnected';

/**
 * GET /admin/Terminal/index: checks who asks and what, runs the allow-listed command, and turns the run into
 * the frames of the event stream. Every attempt by a signed-in admin is recorded in the admin log (key,
 * uuid, outcome, exit code or reason), written before the stream's last frame.
 */
@Injectable()
export class TerminalService {
  private readonly logger = new Logger('Terminal');
  private readonly root = projectRoot();

  constructor(
    private readonly runner: TerminalRunner,
    @Optional() @Inject(ADMIN_ACTIVITY_LOG) private readonly activityLog: AdminActivityLog | null,
  ) {}

  open(request: TerminalRequest): Observable<TerminalFrame> {
    if (!request.caller.isSuper) return this.refuse(request, 'not_super_admin');
    const command = findTerminalCommand(request.key);
    if (!command) return this.refuse(request, 'command_not_allowed', { command: request.key || '-' });
    const file = command.program === 'node' ? process.execPath : findExecutable(command.program);
    if (!file) return this.refuse(request, 'program_not_installed', { program: command.program });
    return this.execute(request, command, file);
  }

  private execute(request: TerminalRequest, command: TerminalCommand, file: string): Observable<TerminalFrame> {
    const spec: ProcessSpec = {
      key: command.key,
      file,
      args: command.args,
      cwd: this.root,
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', npm_config_color: 'false', npm_config_progress: 'false', npm_config_update_notifier: 'false' },
      maxDurationMs: MAX_RUN_MS,
    };
    const send = (data: string) => frame(request, data);
    let finished = false;
    return this.runner.run(spec).pipe(
      mergeMap((event: RunEvent): Observable<TerminalFrame> => {
        switch (event.type) {
          case 'busy':
            finished = true;
            return this.refusal(request, 'busy', { command: event.runningKey });
          case 'spawn-failed':
            finished = true;
            return this.refusal(request, 'start_failed', { program: command.program, reason: event.reason });
          case 'started':
            this.logger.log(`${request.caller.username} runs "${command.key}"`);
            return of(send(LINK_SUCCESS), send(`> ${commandLineOf(command)}`));
          case 'line':
            return of(send(event.text));
          case 'exit': {
            finished = true;
            const ok = event.code === 0 && !event.timedOut;
            const lines = [
              ...(event.timedOut ? [send(errorText(request.translate('terminal.timed_out', { minutes: MAX_RUN_MS / 60000 })))] : []),
              send(exitText(event.code)),
              send(ok ? EXEC_SUCCESS : EXEC_ERROR),
            ];
            return concat(
              of(...lines),
              this.recorded(request, ok ? 'success' : 'failed', { exitcode: event.code, ...(event.timedOut ? { timed_out: true } : {}) }),
              of(send(EXEC_COMPLETED)),
            );
          }
        }
      }),
      tap({
        // The client went away before the end: the runner stops the process; the attempt is still recorded.
        unsubscribe: () => {
          if (!finished) void this.record(request, 'disconnected', {});
        },
      }),
    );
  }

  /** `Error:<message>`, exec-error, and the end of the stream (no process started). */
  private refuse(request: TerminalRequest, reason: string, args: MessageArgs = {}): Observable<TerminalFrame> {
    return defer(() => this.refusal(request, reason, args));
  }

  private refusal(request: TerminalRequest, reason: string, args: MessageArgs): Observable<TerminalFrame> {
    const message = request.translate(`terminal.${reason}`, args);
    return concat(this.recorded(request, 'refused', { reason, message }), of(frame(request, errorText(message)), frame(request, EXEC_ERROR)));
  }

  /** Writes the admin log entry, emitting nothing: placed in a stream, what follows waits for the write. */
  private recorded(request: TerminalRequest, outcome: Outcome, details: Record<string, unknown>): Observable<never> {
    return from(this.record(request, outcome, details)).pipe(mergeMap(() => EMPTY));
  }

  private async record(request: TerminalRequest, outcome: Outcome, details: Record<string, unknown>): Promise<void> {
    if (!this.activityLog) return;
    const { caller } = request;
    const query = new URLSearchParams({ command: request.key, uuid: request.uuid });
    try {
      await this.activityLog.record({
        adminId: caller.adminId,
        username: caller.username,
        url: `/admin/Terminal/index?${query.toString()}`,
        title: request.translate('terminal.log_title', { command: request.key || '-' }),
        data: { command: request.key, uuid: request.uuid, extend: request.extend, outcome, ...details },
        ip: caller.ip,
        useragent: caller.useragent,
      });
    } catch (error) {
      this.logger.error(`could not record the terminal run "${request.key}": ${(error as Error).message}`);
    }
  }
}
