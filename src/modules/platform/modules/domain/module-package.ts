import { createHash, createPublicKey, KeyObject, verify } from 'node:crypto';
import { AppError } from '../../../../shared/http/app-error';

/**
 * A module package: one JSON file,
 *
 *   { "format": "wms-module/1", "payload": "<base64 of the payload's bytes>", "signature": "<base64 Ed25519 signature of those bytes>" }
 *
 * whose payload (JSON) is the manifest and the files: `{ name, title: {"zh-cn", en}, version, migrations: [file
 * names], files: {"<relative path>": "<base64>"} }`. The signature covers the payload's exact bytes, so nothing
 * needs canonical JSON; it must verify with one of the keys the site trusts (`MODULE_TRUSTED_KEYS`). Reading a
 * package never runs, writes or imports what it carries: installing records the manifest (see docs/MODULES.md).
 */
export const PACKAGE_FORMAT = 'wms-module/1';
/** A package file larger than this is refused before it is read. */
export const PACKAGE_MAX_BYTES = 2 * 1024 * 1024;

export interface PackageManifest {
  name: string;
  title: { 'zh-cn': string; en: string };
  version: string;
  migrations: string[];
  /** The files it carries, by path: their size and sha256 (their content is not kept). */
  files: Array<{ path: string; size: number; sha256: string }>;
}

export interface VerifiedPackage {
  manifest: PackageManifest;
  /** sha256 hex of the file as uploaded. */
  sha256: string;
  /** The first 16 hex of the sha256 of the key that verified it. */
  keyId: string;
}

export interface TrustedKey {
  id: string;
  key: KeyObject;
}

const SPKI_ED25519_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

/**
 * The keys a site trusts, from `MODULE_TRUSTED_KEYS`: comma separated, each a 32-byte Ed25519 public key in
 * base64 (or base64url), or its SPKI DER form in base64 (what `openssl pkey -pubout -outform DER | base64` prints).
 */
export function trustedKeys(setting: string | undefined): TrustedKey[] {
  return String(setting ?? '')
    .split(',')
    .map((text) => text.trim())
    .filter(Boolean)
    .map((text) => {
      const bytes = Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
      const der = bytes.length === 32 ? Buffer.concat([SPKI_ED25519_PREFIX, bytes]) : bytes;
      const key = createPublicKey({ key: der, format: 'der', type: 'spki' });
      if (key.asymmetricKeyType !== 'ed25519') throw new Error('MODULE_TRUSTED_KEYS holds a key that is not Ed25519');
      return { id: createHash('sha256').update(der).digest('hex').slice(0, 16), key };
    });
}

const NAME = /^[a-z][a-z0-9_]{1,29}$/;
const VERSION = /^\d{1,4}\.\d{1,4}\.\d{1,4}$/;
const MIGRATION = /^\d{13}-[a-z0-9-]{1,80}\.ts$/;
const SAFE_PATH = /^(?!\/)(?!.*(^|\/)\.\.?(\/|$))[A-Za-z0-9_./-]{1,200}$/;

/** Reads and verifies a package file; refuses with a translated message what is not signed by a trusted key or not well formed. */
export function verifyPackage(file: Buffer, keys: readonly TrustedKey[]): VerifiedPackage {
  if (!keys.length) throw new AppError('module.no_trusted_key');
  if (file.length > PACKAGE_MAX_BYTES) throw new AppError('module.package_too_large');
  const envelope = parseJson(file.toString('utf8'));
  if (!isRecord(envelope) || envelope.format !== PACKAGE_FORMAT || typeof envelope.payload !== 'string') throw new AppError('module.package_unreadable');
  if (typeof envelope.signature !== 'string' || !envelope.signature) throw new AppError('module.package_unsigned');
  const payload = Buffer.from(envelope.payload, 'base64');
  const signature = Buffer.from(envelope.signature, 'base64');
  const signer = signature.length === 64 ? keys.find(({ key }) => verify(null, payload, key, signature)) : undefined;
  if (!signer) throw new AppError('module.package_signature_invalid');
  return { manifest: readManifest(parseJson(payload.toString('utf8'))), sha256: createHash('sha256').update(file).digest('hex'), keyId: signer.id };
}

function readManifest(value: unknown): PackageManifest {
  const invalid = (what: string) => new AppError('module.package_manifest_invalid', { what });
  if (!isRecord(value)) throw invalid('payload');
  const { name, title, version, migrations, files } = value;
  if (typeof name !== 'string' || !NAME.test(name)) throw invalid('name');
  if (!isRecord(title) || !short(title['zh-cn']) || !short(title.en)) throw invalid('title');
  if (typeof version !== 'string' || !VERSION.test(version)) throw invalid('version');
  if (!Array.isArray(migrations) || migrations.length > 100 || !migrations.every((m) => typeof m === 'string' && MIGRATION.test(m))) throw invalid('migrations');
  if (!isRecord(files) || Object.keys(files).length > 500) throw invalid('files');
  const listed = Object.entries(files).map(([path, content]) => {
    if (!SAFE_PATH.test(path) || typeof content !== 'string') throw invalid('files');
    const bytes = Buffer.from(content, 'base64');
    return { path, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
  });
  return { name, title: { 'zh-cn': String(title['zh-cn']), en: String(title.en) }, version, migrations: [...(migrations as string[])], files: listed };
}

/** -1, 0 or 1 as version `a` is below, equal to or above `b` (`1.10.0` > `1.9.3`). */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < 3; i++) if ((pa[i] ?? 0) !== (pb[i] ?? 0)) return (pa[i] ?? 0) < (pb[i] ?? 0) ? -1 : 1;
  return 0;
}

const short = (value: unknown) => typeof value === 'string' && value.trim().length > 0 && value.length <= 100;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError('module.package_unreadable');
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
