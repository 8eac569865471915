import { parseArgs } from 'node:util';
import { loadConfig, shiftPlanOf } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { seedDemoIfEmpty } from './demo.ts';
import { defaultYears, seedVolume } from './volume.ts';

const usage = `Usage: npm run seed -- [options]

Seeds the database configured by DATABASE_URL (PostgreSQL) or DATA_DIR (embedded PGlite).

  (no options)        demo accounts and a believable plant, into a database without users
  --tickets N         add N tickets (large volumes for benchmarks)
  --incidents N       add N incidents
  --machines N        add N machines
  --stops N           add N machine stops (downtime events) over the last 12 months
  --years N           spread the tickets and incidents over the last N years (default 5)
  --no-demo           volumes only, without the demo plant
  --if-empty          do nothing when the database already has users
  --help              show this text`;

function count(value: string | undefined, option: string): number {
  const parsed = Number(value ?? 0);
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`--${option} must be a whole number, got ${value}`);
  return parsed;
}

const { values } = parseArgs({
  options: {
    tickets: { type: 'string' },
    incidents: { type: 'string' },
    machines: { type: 'string' },
    stops: { type: 'string' },
    years: { type: 'string' },
    'no-demo': { type: 'boolean', default: false },
    'if-empty': { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  console.log(usage);
  process.exit(0);
}
const volume = {
  tickets: count(values.tickets, 'tickets'),
  incidents: count(values.incidents, 'incidents'),
  machines: count(values.machines, 'machines'),
  stops: count(values.stops, 'stops'),
  years: count(values.years ?? String(defaultYears), 'years'),
};

const config = loadConfig();
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
const target = config.DATABASE_URL ? 'PostgreSQL' : `PGlite in ${config.DATA_DIR}`;
try {
  const started = Date.now();
  if (values['if-empty'] && (await database.db.$count(users)) > 0) {
    console.log(`${target} already has data: nothing seeded.`);
  } else {
    if (!values['no-demo']) {
      const seeded = await seedDemoIfEmpty(database, shiftPlanOf(config));
      console.log(
        seeded ? `Seeded the demo plant into ${target}.` : `${target} already has users: demo plant skipped.`,
      );
    }
    if (volume.tickets + volume.incidents + volume.machines + volume.stops > 0) {
      await seedVolume(database, { ...volume, log: (line) => console.log(`  ${line}`) });
      console.log(
        `Added ${volume.machines} machines, ${volume.tickets} tickets, ${volume.incidents} incidents, ${volume.stops} stops.`,
      );
    }
    console.log(`Done in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  }
} finally {
  await database.close();
}
