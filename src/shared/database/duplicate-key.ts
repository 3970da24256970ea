/** Unique-index violations on either engine (a concurrent write took the key first). */
export function isDuplicateKey(error: unknown): boolean {
  const e = error as { code?: string; driverError?: { code?: string; message?: string }; message?: string };
  const code = e?.driverError?.code ?? e?.code ?? '';
  return (
    code === 'ER_DUP_ENTRY' ||
    /SQLITE_CONSTRAINT_UNIQUE/.test(code) ||
    /UNIQUE constraint failed|Duplicate entry/i.test(String(e?.driverError?.message ?? e?.message ?? ''))
  );
}
