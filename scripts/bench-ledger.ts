import { main } from '../bench/ledger-chain';

/** `npm run bench:ledger`: the hash chain's cost lives in bench/ledger-chain.ts; this entry lets scripts/start.js build and run it. */
if (require.main === module) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
