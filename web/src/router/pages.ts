/**
 * Back-office and member-center page components by file: a menu rule's `component` (e.g. /src/pages/admin/auth/admin/index.tsx,
 * or the framework's /src/views/backend/auth/admin/index.vue) names one of these files. Each page is its own lazy chunk; its language file is loaded before it shows.
 * The map of the files (./pageFiles.ts) is fetched with the first page shown, after the menus have arrived.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadLang, pathToLangFile } from '@/lang';
import { pageFileOf } from '@contract/page-components';
import type { PageLoader } from './pageFiles';

const cache = new Map<string, LazyExoticComponent<ComponentType>>();
let files: Promise<Record<string, PageLoader>> | null = null;

/** The map of page files, once (asked again after a failure). */
function pageFiles(): Promise<Record<string, PageLoader>> {
  files ??= import('./pageFiles').then(
    (m) => m.pageFiles,
    (error: unknown) => {
      files = null;
      throw error;
    },
  );
  return files;
}

/** A rule's component as the file of one of these pages (the framework's `.vue` names mapped to ours). */
export function normaliseComponentPath(component: string): string {
  return pageFileOf(component);
}

/**
 * The lazy component for a rule's component path; it resolves to `missing` when the file is not in the
 * build. The page's language file loads alongside the map and the page.
 */
export function pageComponent(component: string, routePath: string, missing: ComponentType): LazyExoticComponent<ComponentType> {
  const key = normaliseComponentPath(component);
  const cacheKey = `${key}|${routePath}`;
  let page = cache.get(cacheKey);
  if (!page) {
    page = lazy(() => {
      const lang = loadLang([pathToLangFile(routePath)]);
      return pageFiles().then((map) => {
        const load = map[key];
        return load ? Promise.all([load(), lang]).then(([mod]) => mod) : { default: missing };
      });
    });
    cache.set(cacheKey, page);
  }
  return page;
}
