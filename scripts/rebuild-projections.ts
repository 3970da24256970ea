import 'reflect-metadata';
import { maintenanceContext } from './app-context';
import { getDataSourceToken } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { connectAsMigrationUser } from '../ormconfig';
import { ProjectionRebuilder } from '../src/modules/inventory';
import { OrdersLedgerReader } from '../src/modules/orders';

/**
 * `npm run projections:rebuild`: replays the ledger into fresh projections (run it with the app stopped),
 * then checks every order against what the ledger recorded under it. Exits with 2 when the ledger is
 * inconsistent in itself or disagrees with the orders.
 */
async function main(): Promise<void> {
  connectAsMigrationUser();
  const app = await maintenanceContext();
  const dataSource = app.get<DataSource>(getDataSourceToken());
  await dataSource.runMigrations({ transaction: 'each' });
  let shown = -1;
  const report = await app.get(ProjectionRebuilder).rebuild((done, total) => {
    const percent = total ? Math.floor((done / total) * 100) : 100;
    if (percent === shown) return;
    shown = percent;
    const bar = '#'.repeat(Math.floor(percent / 4)).padEnd(25, '.');
    process.stdout.write(`\r[${bar}] ${percent}% ${done}/${total} events`);
  });
  process.stdout.write('\n');
  console.log(`Replayed ${report.events} events into ${report.streams} stock streams in ${report.seconds.toFixed(1)} s.`);
  console.log(report.matched ? 'The rebuilt projections match what was there.' : `The rebuilt projections differ from what was there in: ${report.differing.join(', ')} (now corrected from the ledger).`);
  if (report.ledgerProblems.length) {
    console.error(`The ledger itself is inconsistent (${report.ledgerProblems.length} problems shown):\n  ${report.ledgerProblems.join('\n  ')}`);
    process.exitCode = 2;
  }
  console.log(`Summed ${report.reservations} reservations onto their streams.`);
  if (report.reservationProblems.length) {
    console.error(`Reservations break 0 ≤ reserved ≤ quantity (${report.reservationProblems.length} shown):\n  ${report.reservationProblems.join('\n  ')}`);
    process.exitCode = 2;
  }
  const orders = await app.get(OrdersLedgerReader).check(dataSource.manager, (checked) => process.stdout.write(`\rChecking orders against the ledger: ${checked} orders`));
  process.stdout.write('\n');
  if (orders.mismatches) {
    console.error(`Orders and the ledger disagree in ${orders.mismatches} figures (${orders.problems.length} shown):\n  ${orders.problems.join('\n  ')}`);
    process.exitCode = 2;
  } else {
    console.log(`Every one of ${orders.orders} orders agrees with the ledger.`);
  }
  await app.close();
}

if (require.main === module) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
