/**
 * The only module that knows where page language files are: Vite turns the glob into one lazy chunk per
 * file. Kept apart from ./index.ts because jest has no import.meta, and imported dynamically by main.tsx, so
 * that this index is a chunk of its own, fetched when a page file is first asked for.
 */
import type { LangLoaderMap } from './index';

export const langLoaders: LangLoaderMap = import.meta.glob('./*/pages/**/*.json', { import: 'default' });
