/**
 * Translations. Global messages come from `<lang>/common.json` (bundled); page messages come from
 * `<lang>/pages/<file>.json` and are loaded on navigation. A page file's keys are namespaced by its path
 * inside pages/: "username" in pages/auth/admin.json is `t('auth.admin.username')`. Nested objects are
 * flattened with dots in both kinds of file.
 *
 * The loaders of the page files come from `import.meta.glob` in ./loaders.ts, which main.tsx hands over
 * through `setLangLoaders` as a dynamic import: that map is a chunk of its own, fetched when a page file is
 * first asked for (never on the back office's sign-in page, which has none). This module never touches
 * import.meta, so jest can load it.
 */
import { useMemo, useSyncExternalStore } from 'react';
import { action, observable, reaction, runInAction } from 'mobx';
import zhCommon from './zh-cn/common.json';
import enCommon from './en/common.json';

export type Lang = 'zh-cn' | 'en';
export const LANGS: Lang[] = ['zh-cn', 'en'];
export const DEFAULT_LANG: Lang = 'zh-cn';
export const FALLBACK_LANG: Lang = 'en';

export type LangLoader = () => Promise<unknown>;
export type LangLoaderMap = Record<string, LangLoader>;
export type TFunction = (key: string, args?: Record<string, string | number> | Array<string | number>) => string;

type Dict = Record<string, string>;

const messages: Record<Lang, Dict> = { 'zh-cn': {}, en: {} };
const state = observable({ locale: DEFAULT_LANG as Lang, version: 0 });
/** `<lang>/<file>` → loader, e.g. `en/auth/admin`. */
let loaders: LangLoaderMap = {};
/** Where the loaders come from while they have not arrived yet, and the fetch under way. */
let loaderSource: (() => Promise<LangLoaderMap>) | null = null;
let loaderFetch: Promise<void> | null = null;
/** `<lang>/<file>` already merged into the messages. */
const loaded = new Set<string>();
/** Page files asked for so far: loaded again in the new language when the language changes. */
const requested = new Set<string>();

export function flatten(source: unknown, prefix = '', into: Dict = {}): Dict {
  if (source && typeof source === 'object' && !Array.isArray(source)) {
    for (const [k, v] of Object.entries(source as Record<string, unknown>)) {
      flatten(v, prefix ? `${prefix}.${k}` : k, into);
    }
  } else if (prefix) {
    into[prefix] = source == null ? '' : String(source);
  }
  return into;
}

const bump = action(() => {
  state.version++;
});

/** Merges messages into a language (used for common.json, page files and by specs). */
export function addMessages(lang: Lang, source: unknown, namespace = '') {
  Object.assign(messages[lang], flatten(source, namespace));
  bump();
}

addMessages('zh-cn', zhCommon);
addMessages('en', enCommon);

export function isLang(value: unknown): value is Lang {
  return value === 'zh-cn' || value === 'en';
}

export function getLocale(): Lang {
  return state.locale;
}

function normaliseLoaders(map: LangLoaderMap): LangLoaderMap {
  const next: LangLoaderMap = {};
  for (const [key, loader] of Object.entries(map)) {
    const m = key.match(/^(?:\.\/)?(zh-cn|en)\/(?:pages\/)?(.+?)(?:\.json)?$/);
    if (m) next[`${m[1]}/${m[2]}`] = loader;
  }
  return next;
}

/**
 * Registers the page-file loaders: the map itself, or a function that imports it (fetched once, when a page
 * file is first asked for). Keys may be glob keys (`./zh-cn/pages/auth/admin.json`) or already normalised
 * (`zh-cn/auth/admin`).
 */
export function setLangLoaders(source: LangLoaderMap | (() => Promise<LangLoaderMap>)) {
  loaderFetch = null;
  if (typeof source === 'function') {
    loaders = {};
    loaderSource = source;
  } else {
    loaders = normaliseLoaders(source);
    loaderSource = null;
  }
}

/** The loaders, fetched if they have not arrived yet (a failed fetch is logged and tried again next time). */
function loadersReady(): Promise<void> {
  const source = loaderSource;
  if (!source) return Promise.resolve();
  loaderFetch ??= source().then(
    (map) => {
      if (loaderSource !== source) return;
      loaders = normaliseLoaders(map);
      loaderSource = null;
    },
    (e: unknown) => {
      loaderFetch = null;
      console.error('The index of the language files failed to load', e);
    },
  );
  return loaderFetch;
}

/** Whether a page file exists (false while the loaders have not arrived: `loadLang` fetches them). */
export function hasLangFile(file: string, lang: Lang = state.locale): boolean {
  return Boolean(loaders[`${lang}/${file}`]);
}

/** The back office's own pages (sign-in, loading, iframe): their texts are in common.json, they have no page file. */
const ADMIN_SHELL_PAGE = /^\/admin\/(login|loading|iframe)(\/|$)/;

/**
 * The page file of a route path: back-office files for /admin paths (`/admin/auth/admin` → `auth/admin`),
 * none for the back office's own pages (so its sign-in page loads no language index), front files otherwise
 * (`/user/account/profile` → `frontend/user/account/profile`, `/` → `frontend/index`).
 */
export function pathToLangFile(path: string): string | null {
  const clean = path.split('?')[0].replace(/\/+$/, '');
  if (clean === '/admin' || clean.startsWith('/admin/')) {
    if (ADMIN_SHELL_PAGE.test(clean)) return null;
    const rest = clean.slice('/admin/'.length);
    return rest ? rest : null;
  }
  const rest = clean.replace(/^\//, '');
  return `frontend/${rest || 'index'}`;
}

async function loadOne(lang: Lang, file: string) {
  const id = `${lang}/${file}`;
  if (loaded.has(id)) return;
  const loader = loaders[id];
  if (!loader) return;
  try {
    const mod = (await loader()) as { default?: unknown } | unknown;
    const data = mod && typeof mod === 'object' && 'default' in (mod as object) ? (mod as { default: unknown }).default : mod;
    loaded.add(id);
    Object.assign(messages[lang], flatten(data, file.split('/').join('.')));
  } catch (e) {
    console.error(`Language file ${id} failed to load`, e);
  }
}

/**
 * Loads page files (paths inside pages/, without `.json`) for the current language and the fallback.
 * Files that do not exist are skipped. Resolves when the messages are in place.
 */
export async function loadLang(files: Array<string | null | undefined>, langs?: Lang[]): Promise<void> {
  const list = files.filter((f): f is string => Boolean(f));
  if (!list.length) return;
  list.forEach((f) => requested.add(f));
  await loadersReady();
  const targets = langs ?? Array.from(new Set<Lang>([state.locale, FALLBACK_LANG]));
  const before = loaded.size;
  await Promise.all(targets.flatMap((lang) => list.map((f) => loadOne(lang, f))));
  if (loaded.size !== before) bump();
}

/** Switches the language; page files loaded so far are loaded in the new language before it shows. */
export async function setLocale(lang: Lang): Promise<void> {
  if (!isLang(lang)) return;
  await loadLang(Array.from(requested), [lang, FALLBACK_LANG]);
  runInAction(() => {
    state.locale = lang;
    state.version++;
  });
  if (typeof document !== 'undefined') document.documentElement.lang = lang === 'zh-cn' ? 'zh-CN' : 'en';
}

function format(text: string, args?: Record<string, string | number> | Array<string | number>): string {
  if (!args) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = Array.isArray(args) ? args[Number(name)] : args[name];
    return value === undefined ? whole : String(value);
  });
}

/** Translates a key in the current language, falling back to en, then to the key itself. */
export const t: TFunction = (key, args) => {
  // Reading the observable state makes observer components track the language.
  const lang = state.locale;
  void state.version;
  const text = messages[lang][key] ?? messages[FALLBACK_LANG][key] ?? key;
  return format(text, args);
};

export function translate(lang: Lang, key: string, args?: Record<string, string | number> | Array<string | number>): string {
  return format(messages[lang][key] ?? messages[FALLBACK_LANG][key] ?? key, args);
}

function subscribe(onChange: () => void) {
  return reaction(
    () => state.version,
    () => onChange(),
  );
}

function snapshot() {
  return state.version;
}

/**
 * The translate function for components. The component re-renders when the language changes or page files
 * arrive, whether or not it is an observer.
 */
export function useT(): TFunction {
  const version = useSyncExternalStore(subscribe, snapshot, snapshot);
  // A new function identity per version, so memoised callbacks that depend on `t` refresh too.
  return useMemo<TFunction>(() => (key, args) => t(key, args), [version]);
}
