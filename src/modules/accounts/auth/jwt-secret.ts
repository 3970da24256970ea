import { createSecretKey, KeyObject, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { dataDir } from '../../../../ormconfig';

/**
 * JWT_SECRET, or a secret generated once and kept in DATA_DIR (mode 600) so every process on the same
 * data folder signs alike. `wx` makes two processes starting together agree on one file.
 */
export function jwtSecret(env: NodeJS.ProcessEnv = process.env): string {
  if (env.JWT_SECRET) return env.JWT_SECRET;
  const dir = dataDir(env);
  const file = join(dir, 'jwt-secret');
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    try {
      writeFileSync(file, randomBytes(48).toString('base64url'), { flag: 'wx', mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return readFileSync(file, 'utf8').trim();
}

/**
 * The secret as a KeyObject: given a string, jsonwebtoken first tries (and fails) to parse it as a public
 * key on every verify, which was the largest single cost of an authenticated request.
 */
export function jwtSigningKey(env: NodeJS.ProcessEnv = process.env): KeyObject {
  return createSecretKey(Buffer.from(jwtSecret(env)));
}
