/** Every migration, in order. Imported (not globbed) so the app, the CLI and the tests load the same list. */
export const migrations: Function[] = [];
