import type { GeneratedArea } from './generated-area';

/*
 * The one file the CRUD generator edits on the server (besides migrations/index.ts): each generated table's
 * area, imported and listed after the markers below. Hand edits are kept; the generator adds and removes
 * only its own lines.
 */
// crud-generator:imports

export const GENERATED_AREAS: GeneratedArea[] = [
  // crud-generator:areas
];
