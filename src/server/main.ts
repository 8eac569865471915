import { buildApp } from './app.ts';
import { serveBackups } from './backup/socket.ts';
import { loadConfig, shiftPlanOf, type Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { checkDataDir, DataDirError } from './lib/data-dir.ts';
import { logDestination } from './lib/log-lines.ts';
import { startMessage } from './lib/start-message.ts';
import { seedDemoIfEmpty } from './seed/demo.ts';
import { staff } from './seed/plant.ts';

/** Start-up problems the operator must fix (a data directory in use or not writable) print one line, no stack. */
async function start() {
  const config = loadConfig();
  // PGlite keeps its files in DATA_DIR, and so does the generated JWT secret.
  if (!config.DATABASE_URL || !config.JWT_SECRET) checkDataDir(config.DATA_DIR);
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  const app = await buildApp({ config, database, logStream: logDestination(config.LOG_FORMAT, process.stdout) });

  // The embedded database starts with demo data; a PostgreSQL server is seeded only by `npm run seed`.
  if (!config.DATABASE_URL && config.SEED_DEMO === '1') {
    const seeded = await seedDemoIfEmpty(database, shiftPlanOf(config));
    if (seeded) app.log.info('seeded demo data (set SEED_DEMO=0 to start empty)');
  }
  // `npm run backup` copies the embedded database through the data directory while the server runs.
  if (database.backup && !config.DATABASE_URL) {
    const stopBackups = await serveBackups(config.DATA_DIR, database.backup);
    app.addHook('onClose', stopBackups);
  }
  if (config.DATABASE_URL && !config.JWT_SECRET) {
    app.log.warn('JWT_SECRET is not set: tokens are valid only on this app server');
  }

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.log.info(`${signal}: shutting down`);
      // Unfinished handlers are cut after SHUTDOWN_WAIT_MS (plugins/app/database.ts); 10 s past that, something hangs.
      const deadlineMs = config.SHUTDOWN_WAIT_MS + 10_000;
      setTimeout(() => {
        app.log.error(`shutdown did not finish within ${deadlineMs / 1000} s: exiting`);
        process.exit(1);
      }, deadlineMs).unref();
      void app.close().then(() => process.exit(0));
    });
  }

  await app.listen({ port: config.PORT, host: config.HOST });
  console.log(await startFacts(app, config, database.storage).then(startMessage));
}

async function startFacts(app: Awaited<ReturnType<typeof buildApp>>, config: Config, storage: string) {
  const demo = staff.filter((member) => member.password);
  const present = await Promise.all(demo.map((member) => app.repos.users.findByEmail(member.email)));
  return {
    port: config.PORT,
    host: config.HOST,
    storage,
    demoAccounts: demo.flatMap(({ role, email, password }, index) =>
      present[index] ? [{ role, email, password: password! }] : [],
    ),
    hasUsers: await app.repos.users.hasAny(),
  };
}

try {
  await start();
} catch (error) {
  if (!(error instanceof DataDirError)) throw error;
  console.error(error.message);
  process.exit(1);
}
