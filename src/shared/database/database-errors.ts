/**
 * How database failures are told apart: a node that is down or leaving (fail over, answer 503), a conflict
 * that a retry of the whole transaction settles (deadlock; on Galera also a certification failure at
 * COMMIT), and a SQLite file locked by another process (answer 503).
 */

/** No database connection could be had in time, or the SQLite file stayed locked: answered HTTP 503. */
export class DatabaseUnavailableError extends Error {
  readonly code = 'DB_UNAVAILABLE';
}

/**
 * Conflicts (deadlocks, lock waits, Galera certification) that kept coming back until the transaction
 * runner stopped retrying: the database is busy, not broken. Answered HTTP 503 "busy, try again".
 */
export class DatabaseBusyError extends Error {
  readonly code = 'DB_BUSY';
  constructor(readonly cause: unknown) {
    super(`gave up after repeated conflicts (${describeDatabaseError(cause)})`);
  }
}

/** Raised by a node, or by the network to it: the next host may serve. */
const NODE_FAILURE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'ER_SERVER_SHUTDOWN',
  // 1047: a Galera node outside the primary component ("WSREP has not yet prepared node for application use")
  'ER_UNKNOWN_COM_ERROR',
]);
const NODE_FAILURE_ERRNOS = new Set([1047, 1053, 2002, 2003, 2006, 2013]);

/** Conflicts the whole transaction is retried for (Galera reports a lost certification as a deadlock). */
const CONFLICT_CODES = new Set(['ER_LOCK_DEADLOCK', 'ER_LOCK_WAIT_TIMEOUT']);

const SQLITE_LOCKED = /^SQLITE_(BUSY|LOCKED)/;

interface DriverError {
  code?: unknown;
  errno?: unknown;
  fatal?: unknown;
  driverError?: DriverError;
}

/** TypeORM wraps a statement's failure in QueryFailedError with the driver's error in `driverError`. */
function driverErrorOf(error: unknown): DriverError {
  const outer = (error ?? {}) as DriverError;
  return outer.driverError ?? outer;
}

export function isNodeFailure(error: unknown): boolean {
  const cause = driverErrorOf(error);
  return (typeof cause.code === 'string' && NODE_FAILURE_CODES.has(cause.code)) || NODE_FAILURE_ERRNOS.has(Number(cause.errno)) || cause.fatal === true;
}

/** A conflict the runner gave up on, or one raised outside any transaction: ask the client to try again. */
export function isBusy(error: unknown): boolean {
  return error instanceof DatabaseBusyError || isConflict(error);
}

export function isConflict(error: unknown): boolean {
  const code = driverErrorOf(error).code;
  return typeof code === 'string' && CONFLICT_CODES.has(code);
}

export function isSqliteLocked(error: unknown): boolean {
  const code = driverErrorOf(error).code;
  return typeof code === 'string' && SQLITE_LOCKED.test(code);
}

/** Whatever a client should retry later: answered HTTP 503 with the envelope, never 500. */
export function isDatabaseUnavailable(error: unknown): boolean {
  return error instanceof DatabaseUnavailableError || error instanceof DatabaseBusyError || isNodeFailure(error) || isConflict(error) || isSqliteLocked(error) || /^Pool is closed/.test(String((error as Error)?.message));
}

/** A short description for the log: the driver's code, never SQL or parameters. */
export function describeDatabaseError(error: unknown): string {
  const cause = driverErrorOf(error);
  return String(cause.code ?? (error as Error)?.message ?? error);
}
