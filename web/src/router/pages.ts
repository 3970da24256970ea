/**
 * Back-office and member-center page components by file: a menu rule's `component` (e.g. /src/pages/admin/auth/admin/index.tsx,
 * or the framework's /src/views/backend/auth/admin/index.vue) names one of these files. Each page is its own lazy chunk; its language file is loaded before it shows.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadLang, pathToLangFile } from '@/lang';
import { pageFileOf } from '@contract/page-components';

const modules = import.meta.glob(['/src/pages/admin/**/index.tsx', '/src/pages/user/**/index.tsx']) as Record<string, () => Promise<{ default: ComponentType }>>;
const cache = new Map<string, LazyExoticComponent<ComponentType>>();

/** A rule's component as the file of one of these pages (the framework's `.vue` names mapped to ours). */
export function normaliseComponentPath(component: string): string {
  return pageFileOf(component);
}

export function hasPage(component: string): boolean {
  return Boolean(modules[normaliseComponentPath(component)]);
}

/** The lazy component for a rule's component path (null when the file is not in the build). */
export function pageComponent(component: string, routePath: string): LazyExoticComponent<ComponentType> | null {
  const key = normaliseComponentPath(component);
  const load = modules[key];
  if (!load) return null;
  const cacheKey = `${key}|${routePath}`;
  let page = cache.get(cacheKey);
  if (!page) {
    page = lazy(() => Promise.all([load(), loadLang([pathToLangFile(routePath)])]).then(([mod]) => mod));
    cache.set(cacheKey, page);
  }
  return page;
}
