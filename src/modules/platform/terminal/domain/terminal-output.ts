/**
 * Turns a child process's output into the lines the terminal streams: colour
 * and cursor codes removed, `\r\n`, `\r` and `\n` all ending a line (a progress bar redrawn with `\r` gives
 * one line per redraw), trailing blanks trimmed, empty lines dropped, very long lines cut.
 */

// CSI sequences (colours, cursor moves) and OSC sequences (window titles, links).
const ANSI = /\u001b\[[0-9;?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)|\u001b[@-Z\\-_]/g;

export const MAX_LINE_LENGTH = 4000;

export function stripAnsi(text: string): string {
  return text.replace(ANSI, '');
}

function clean(line: string): string | null {
  const text = stripAnsi(line).replace(/\s+$/, '');
  if (!text.trim()) return null;
  return text.length > MAX_LINE_LENGTH ? `${text.slice(0, MAX_LINE_LENGTH)}…` : text;
}

/** Collects text chunks (already decoded) and hands back the complete lines; keeps the unfinished tail. */
export class LineSplitter {
  private tail = '';

  push(chunk: string): string[] {
    const parts = (this.tail + chunk).split(/\r\n|\r|\n/);
    this.tail = parts.pop() ?? '';
    // An unfinished line that keeps growing (no newline for a long time) is let out in pieces.
    while (this.tail.length > MAX_LINE_LENGTH * 2) {
      parts.push(this.tail.slice(0, MAX_LINE_LENGTH));
      this.tail = this.tail.slice(MAX_LINE_LENGTH);
    }
    return parts.map(clean).filter((line): line is string => line !== null);
  }

  /** The last line, when the output did not end with a newline. */
  flush(): string[] {
    const rest = clean(this.tail);
    this.tail = '';
    return rest === null ? [] : [rest];
  }
}
