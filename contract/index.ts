/**
 * The wire contract's shapes and rules, in plain TypeScript (no Nest, no React, no Node or DOM globals),
 * compiled by the server (relative imports) and by the web app (`@contract/...`). docs/API.md says the rest.
 */
export * from './envelope';
export * from './enums';
export * from './orders';
export * from './stock';
export * from './config';
export * from './member';
export * from './upload';
export * from './cms';
export * from './stocktake';
export * from './menu-urls';
export * from './ledger';
export * from './lots';
export * from './integration';
export * from './accounts';
export * from './audit';
export * from './master-data';
export * from './directed';
export * from './robots';
export * from './oauth';
export * from './modules';
export * from './units';
export * from './serials';
export * from './rich-text';
export * from './cache';
