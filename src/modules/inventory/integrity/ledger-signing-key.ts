import { createPrivateKey, createPublicKey, generateKeyPairSync, KeyObject, sign, verify } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Injectable } from '@nestjs/common';
import { dataDir } from '../../../../ormconfig';

export const SIGNING_KEY_FILE = 'ledger-signing-key.pem';

/**
 * The Ed25519 key that signs ledger digests, generated once and kept in DATA_DIR (mode 600) — outside the
 * database, so whoever holds only the database cannot sign a digest of a rewritten ledger. `wx` makes two
 * processes starting together agree on one file. The public key is shown in the app and downloadable, so
 * an auditor can check digests kept elsewhere.
 */
@Injectable()
export class LedgerSigningKey {
  private keys: { privateKey: KeyObject; publicKey: KeyObject } | null = null;

  get publicKeyPem(): string {
    return this.load().publicKey.export({ type: 'spki', format: 'pem' }).toString();
  }

  sign(text: string): string {
    return sign(null, Buffer.from(text, 'utf8'), this.load().privateKey).toString('base64');
  }

  /** Whether `signature` (base64) is this key's signature of `text`. */
  verify(text: string, signature: string): boolean {
    if (typeof signature !== 'string' || !/^[A-Za-z0-9+/=]{1,200}$/.test(signature)) return false;
    return verify(null, Buffer.from(text, 'utf8'), this.load().publicKey, Buffer.from(signature, 'base64'));
  }

  private load(): { privateKey: KeyObject; publicKey: KeyObject } {
    if (this.keys) return this.keys;
    const dir = dataDir();
    const file = join(dir, SIGNING_KEY_FILE);
    if (!existsSync(file)) {
      mkdirSync(dir, { recursive: true });
      const pem = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
      try {
        writeFileSync(file, pem, { flag: 'wx', mode: 0o600 });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
    }
    const privateKey = createPrivateKey(readFileSync(file, 'utf8'));
    this.keys = { privateKey, publicKey: createPublicKey(privateKey) };
    return this.keys;
  }
}
