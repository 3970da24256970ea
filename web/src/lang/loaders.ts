/**
 * The only module that knows where page language files are: Vite turns the glob into one lazy chunk per
 * file. Kept apart from ./index.ts because jest has no import.meta.
 */
import type { LangLoader } from './index';

export const langLoaders: Record<string, LangLoader> = import.meta.glob('./*/pages/**/*.json', { import: 'default' });
