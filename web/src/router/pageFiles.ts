/**
 * Every back-office and member-center page by file: Vite turns the glob into one lazy chunk per page, and
 * this map (with each page's list of chunks to preload) is itself a chunk of its own, imported by ./pages.ts
 * when the first menu page is shown, so the app's entry and the sign-in pages carry none of it.
 */
import type { ComponentType } from 'react';

export type PageLoader = () => Promise<{ default: ComponentType }>;

export const pageFiles = import.meta.glob(['/src/pages/admin/**/index.tsx', '/src/pages/user/**/index.tsx']) as Record<string, PageLoader>;
