import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import { maintenanceContext } from './app-context';
import { DigestFile, LedgerVerifier, VerificationReport } from '../src/modules/inventory';

/**
 * `npm run ledger:verify [-- --digest <file> | --digest-id <id> | --no-digest]`: recomputes every event's
 * hash chain from the database and checks a digest against it — a digest file kept outside the system,
 * a stored digest, or by default the latest stored one. Prints progress, then "intact up to event N" or
 * the first event found altered, removed, inserted or out of order with its stream and order number.
 * Without a digest file it also checks the stored digests as a series and warns about unsigned, missing
 * or late digests and events older than a day that no digest covers.
 * Exits 0 when intact (and, without a file, the digests cover the ledger), 2 when not intact, 3 when intact
 * but the stored digests leave part of it uncovered, 1 when it could not run.
 */
export function describe(report: VerificationReport): string[] {
  const lines: string[] = [];
  if (report.digest) {
    const d = report.digest;
    lines.push(`Digest #${d.id} (root ${d.root.slice(0, 16)}…, last event ${d.last_event_id}, taken ${new Date(d.created_at * 1000).toISOString()}): signature ${d.signature_valid ? 'valid' : 'INVALID'}${d.signature_valid ? `, ${d.matched ? 'matches the ledger' : 'does NOT match the ledger'}` : ''}.`);
  } else {
    lines.push('No digest checked (chains only).');
  }
  const p = report.problem;
  if (!p) {
    lines.push(`Intact up to event ${report.intact_up_to}: ${report.events} events in ${report.streams} streams verified in ${report.seconds.toFixed(1)} s.`);
    return lines;
  }
  const where = p.stream_id ? ` in stream ${p.stream_id} at order number ${p.stream_version}${p.event_id ? ` (event ${p.event_id})` : ''}` : '';
  const what: Record<string, string> = {
    altered: 'an event was altered',
    removed: 'an event was removed',
    inserted: 'an event was inserted',
    reordered: 'events were swapped out of ledger order',
    'digest-mismatch': 'the stream was rewritten since the digest',
    'digest-counts': 'the events or streams up to the digest’s last event are not the signed figures',
    'back-dated': 'a stream or event was written into the digest’s range after it was taken',
    'digest-range': 'the head the digest signed now lies after its last event (renumbered)',
    'digest-leaves': 'the digest’s stored leaves do not give its signed root',
    'digest-signature': 'the digest’s signature is not valid for this installation’s key',
    'digest-unknown': 'the digest is missing from the database',
  };
  lines.push(`NOT INTACT: ${what[p.kind] ?? p.kind}${where}.`);
  if (report.intact_up_to) lines.push(`Intact up to event ${report.intact_up_to}.`);
  return lines;
}

/** The warnings about the stored digests as a series (none when they cover the ledger). */
export function describeSeries(report: VerificationReport): string[] {
  const time = (seconds: number) => new Date(seconds * 1000).toISOString();
  return (report.series ?? []).map((f) => {
    switch (f.kind) {
      case 'unsigned':
        return `WARNING: digest #${f.digest_id} carries no valid signature of this installation's key.`;
      case 'missing':
        return `WARNING: digest #${f.other_id} is missing: digest #${f.digest_id} names it as the one taken before it.`;
      case 'gap':
        return `WARNING: ${f.hours} hours passed between digests #${f.other_id} and #${f.digest_id} while the ledger grew (a digest is due every day).`;
      case 'uncovered':
        return `WARNING: ${f.events} events (the oldest written ${time(f.since)}) are older than a day and no signed digest covers them${f.digest_id ? ` (the latest is #${f.digest_id})` : ' (there is no digest)'}.`;
    }
  });
}

export interface LedgerVerifyOutput {
  progress(line: string): void;
  line(text: string): void;
  warn(text: string): void;
}

/** Runs the command's arguments against a verifier and prints the answer; answers the exit code. */
export async function ledgerVerify(verifier: LedgerVerifier, args: string[], out: LedgerVerifyOutput, now?: number): Promise<number> {
  const at = (flag: string) => (args.includes(flag) ? args[args.indexOf(flag) + 1] : undefined);
  let digest: DigestFile | number | 'latest' | null = 'latest';
  if (args.includes('--no-digest')) digest = null;
  if (at('--digest-id')) digest = Number(at('--digest-id'));
  if (at('--digest')) digest = JSON.parse(readFileSync(at('--digest')!, 'utf8')) as DigestFile;
  let shown = '';
  const report = await verifier.verify({ digest, adminId: 0, source: 'cli', now }, ({ phase, done, total }) => {
    const percent = total ? Math.floor((done / total) * 100) : 100;
    const line = `${phase === 'chain' ? 'Chains' : 'Digest'} [${'#'.repeat(Math.floor(percent / 4)).padEnd(25, '.')}] ${percent}% ${done}/${total} ${phase === 'chain' ? 'events' : 'streams'}`;
    if (line === shown) return;
    shown = line;
    out.progress(line);
  });
  for (const line of describe(report)) out.line(line);
  const warnings = describeSeries(report);
  for (const line of warnings) out.warn(line);
  return !report.intact ? 2 : warnings.length ? 3 : 0;
}

async function main(): Promise<void> {
  const app = await maintenanceContext();
  let progressShown = false;
  const endProgress = () => {
    if (progressShown) process.stdout.write('\n');
    progressShown = false;
  };
  process.exitCode = await ledgerVerify(app.get(LedgerVerifier), process.argv.slice(2), {
    progress: (line) => {
      progressShown = true;
      process.stdout.write(`\r${line}`);
    },
    line: (text) => {
      endProgress();
      console.log(text);
    },
    warn: (text) => {
      endProgress();
      console.warn(text);
    },
  });
  await app.close();
}

if (require.main === module) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
