import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import { NestFactory } from '@nestjs/core';
import { AppModule } from '../src/app.module';
import { DigestFile, LedgerVerifier, VerificationReport } from '../src/modules/inventory';

/**
 * `npm run ledger:verify [-- --digest <file> | --digest-id <id> | --no-digest]`: recomputes every event's
 * hash chain from the database and checks a digest against it — a digest file kept outside the system,
 * a stored digest, or by default the latest stored one. Prints progress, then "intact up to event N" or
 * the first event found altered, removed, inserted or out of order with its stream and order number.
 * Exits 0 when intact, 2 when not, 1 when it could not run.
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
    'digest-leaves': 'the digest’s stored leaves do not give its signed root',
    'digest-signature': 'the digest’s signature is not valid for this installation’s key',
    'digest-unknown': 'the digest is missing from the database',
  };
  lines.push(`NOT INTACT: ${what[p.kind] ?? p.kind}${where}.`);
  if (report.intact_up_to) lines.push(`Intact up to event ${report.intact_up_to}.`);
  return lines;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const at = (flag: string) => (args.includes(flag) ? args[args.indexOf(flag) + 1] : undefined);
  let digest: DigestFile | number | 'latest' | null = 'latest';
  if (args.includes('--no-digest')) digest = null;
  if (at('--digest-id')) digest = Number(at('--digest-id'));
  if (at('--digest')) digest = JSON.parse(readFileSync(at('--digest')!, 'utf8')) as DigestFile;
  const app = await NestFactory.createApplicationContext(AppModule, { logger: ['error', 'warn'] });
  let shown = '';
  const report = await app.get(LedgerVerifier).verify({ digest, adminId: 0, source: 'cli' }, ({ phase, done, total }) => {
    const percent = total ? Math.floor((done / total) * 100) : 100;
    const line = `${phase === 'chain' ? 'Chains' : 'Digest'} [${'#'.repeat(Math.floor(percent / 4)).padEnd(25, '.')}] ${percent}% ${done}/${total} ${phase === 'chain' ? 'events' : 'streams'}`;
    if (line === shown) return;
    shown = line;
    process.stdout.write(`\r${line}`);
  });
  process.stdout.write('\n');
  for (const line of describe(report)) console.log(line);
  process.exitCode = report.intact ? 0 : 2;
  await app.close();
}

if (require.main === module) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
