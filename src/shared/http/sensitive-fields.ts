import { Request } from 'express';

const FIELDS = Symbol('sensitiveFields');

type Marked = Request & { [FIELDS]?: Set<string> };

/**
 * Names request fields whose values are secret for this request only (a config item of type password, whose
 * name says nothing), so whatever records the request (the admin log) masks them besides the fields that
 * are secret by name.
 */
export function markSensitiveFields(request: Request, names: Iterable<string>): void {
  const marked = request as Marked;
  const set = marked[FIELDS] ?? new Set<string>();
  for (const name of names) set.add(name);
  marked[FIELDS] = set;
}

export function sensitiveFieldsOf(request: Request): ReadonlySet<string> {
  return (request as Marked)[FIELDS] ?? new Set<string>();
}
