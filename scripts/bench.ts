import { main } from '../bench/run';

/** `npm run bench`: the benchmark lives in bench/run.ts; this entry lets scripts/start.js build and run it. */
if (require.main === module) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
