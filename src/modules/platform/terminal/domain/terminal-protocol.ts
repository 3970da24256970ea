/**
 * The terminal's event-stream messages. Each message is one frame
 * `{data, uuid, extend, key}`; `uuid` and `extend` echo the request, `key` is the command key.
 *
 * A run: link-success, `> <command line>`, output lines, `exitcode: <n>`, exec-success or exec-error,
 * completed. A refusal before anything starts: `Error:<text>`, exec-error, and the stream ends.
 */
export const LINK_SUCCESS = 'command-link-success';
export const EXEC_SUCCESS = 'command-exec-success';
export const EXEC_ERROR = 'command-exec-error';
export const EXEC_COMPLETED = 'command-exec-completed';

export interface TerminalFrame {
  data: string;
  uuid: string;
  extend: string;
  key: string;
}

/** Echoed values are the client's own; they are bounded so a frame stays small. */
export const MAX_UUID_LENGTH = 64;
export const MAX_EXTEND_LENGTH = 255;

export interface FrameContext {
  uuid: string;
  extend: string;
  key: string;
}

/** The echo part of every frame, from raw query values (anything but a string becomes ''). */
export function frameContext(key: unknown, uuid: unknown, extend: unknown): FrameContext {
  const text = (value: unknown, max: number) => (typeof value === 'string' ? value.slice(0, max) : '');
  return { key: text(key, 100), uuid: text(uuid, MAX_UUID_LENGTH), extend: text(extend, MAX_EXTEND_LENGTH) };
}

export function frame(context: FrameContext, data: string): TerminalFrame {
  return { data, uuid: context.uuid, extend: context.extend, key: context.key };
}

export function errorText(message: string): string {
  return `Error:${message}`;
}

export function exitText(code: number): string {
  return `exitcode: ${code}`;
}
