import { NextFunction, Request, Response } from 'express';

/**
 * How deeply a request's JSON body, form body or query string may nest. Nothing the product accepts goes
 * past a few levels; a body nested thousands of levels deep made recursive code (validation, the admin
 * log's masking) overflow the stack after the action had run. Deeper input is refused with HTTP 400 before
 * any handler runs.
 */
export const MAX_INPUT_DEPTH = 32;

/** The body-parser error type of a refused body; the exception filter answers it "nested too deeply". */
export const INPUT_TOO_DEEP = 'entity.too.deep';
/** What body-parser's urlencoded parser (qs with strictDepth) reports for a form body nested too deeply. */
export const QUERYSTRING_TOO_DEEP = 'querystring.parse.rangeError';

function tooDeep(): Error {
  return Object.assign(new Error('the input is nested too deeply'), { status: 400, statusCode: 400, expose: true, type: INPUT_TOO_DEEP });
}

/**
 * Whether raw JSON nests `[` / `{` more than `limit` deep, read in one pass over the bytes (strings and
 * their escapes skipped) before anything is parsed: a 5 MB body of brackets is refused in milliseconds
 * instead of being parsed into two million nested arrays.
 */
export function jsonNestsDeeper(raw: Buffer, limit = MAX_INPUT_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < raw.length; i++) {
    const byte = raw[i];
    if (inString) {
      if (byte === 0x5c) i++; // backslash: the next byte is escaped
      else if (byte === 0x22) inString = false;
      continue;
    }
    if (byte === 0x22) inString = true;
    else if (byte === 0x5b || byte === 0x7b) {
      if (++depth > limit) return true;
    } else if (byte === 0x5d || byte === 0x7d) depth--;
  }
  return false;
}

/** body-parser's `verify` for JSON: refuses a body nested too deeply before it is parsed. */
export function refuseDeepJson(_request: unknown, _response: unknown, raw: Buffer): void {
  if (jsonNestsDeeper(raw)) throw tooDeep();
}

/**
 * Express parses the query string when `req.query` is first read, and the query parser refuses input
 * nested too deeply by throwing (qs `strictDepth`): this reads it once, up front, and turns that into the
 * same 400 as a body.
 */
export function refuseDeepQuery(request: Request, _response: Response, next: NextFunction): void {
  try {
    void request.query;
  } catch {
    next(tooDeep());
    return;
  }
  next();
}
