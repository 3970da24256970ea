import { constants, existsSync } from 'node:fs';
import { copyFile, link, mkdir, readdir, rmdir, stat, unlink } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { dataDir } from '../../../../ormconfig';

/**
 * Where local uploads live: `DATA_DIR/uploads`, whose `storage/` folder is served at `/storage/...`.
 * Every path is resolved and checked to stay inside that folder, so no saved name nor requested URL can
 * reach anything else.
 */
export const PUBLIC_PREFIX = 'storage/';

export function uploadRoot(): string {
  return join(dataDir(), 'uploads');
}

/** Received files wait here until they are checked (then moved, or removed). */
export function uploadTempDir(): string {
  return join(uploadRoot(), '.incoming');
}

/**
 * The file of a public URL path (`/storage/default/20260101/a.png`), or null when the path is not a plain
 * file path below the public folder: encoded or literal `..`, backslashes, NUL, dot-files and absolute
 * tricks all answer null.
 */
export function fileOfUrl(url: string): string | null {
  let path: string;
  try {
    path = decodeURIComponent(url.split('?')[0]);
  } catch {
    return null;
  }
  path = path.replace(/^\/+/, '');
  if (!path.startsWith(PUBLIC_PREFIX) || path.includes('\0') || path.includes('\\')) return null;
  const segments = path.split('/');
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..' || segment.startsWith('.'))) return null;
  return inside(join(uploadRoot(), ...segments));
}

/** An absolute path if it lies below the public folder, else null. */
function inside(path: string): string | null {
  const publicDir = resolve(uploadRoot(), PUBLIC_PREFIX);
  const full = resolve(path);
  const rel = relative(publicDir, full);
  return rel !== '' && rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel) ? full : null;
}

/**
 * The public URL of a saved name: `/` + the name, below `/storage/` (a pattern that does not start with
 * `storage/` is put below it), or null when the name would leave the folder.
 */
export function urlOfSaveName(saveName: string): string | null {
  const name = saveName.replace(/^\/+/, '');
  const path = name.startsWith(PUBLIC_PREFIX) ? name : `${PUBLIC_PREFIX}${name}`;
  const url = `/${path}`;
  return fileOfUrl(url) ? url : null;
}

export function fileExists(path: string): boolean {
  return existsSync(path);
}

/** Puts a received file in place (a hard link, or a copy where links fail), creating its folders. */
export async function placeCopy(tempPath: string, target: string): Promise<void> {
  await mkdir(dirname(target), { recursive: true });
  try {
    await link(tempPath, target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw error;
    await copyFile(tempPath, target, constants.COPYFILE_EXCL);
  }
}

export async function removeQuietly(path: string | undefined | null): Promise<void> {
  if (!path) return;
  await unlink(path).catch(() => undefined);
}

/** Deletes a stored file, then each folder above it that became empty, up to (not including) the public folder. */
export async function removeStoredFile(url: string): Promise<void> {
  const file = fileOfUrl(url);
  if (!file) return;
  await removeQuietly(file);
  const top = resolve(uploadRoot(), PUBLIC_PREFIX);
  for (let dir = dirname(file); dir.startsWith(top + sep) && dir !== top; dir = dirname(dir)) {
    try {
      if ((await readdir(dir)).length) break;
      await rmdir(dir);
    } catch {
      break;
    }
  }
}

export async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}
