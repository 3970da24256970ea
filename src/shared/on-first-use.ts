/**
 * A value made the first time it is asked for. The heavy packages (spreadsheets, PDFs, images, mail, cloud
 * storage, the MySQL driver) are loaded through it when first used rather than when the server starts:
 * most requests never need them, and jest loads every module again for each spec file — they were a fifth of
 * the 3,200 modules an API spec file loaded before its first test.
 */
export function onFirstUse<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}
