/**
 * `npm run roles -- grant|revoke admin|office <email>` (or `list`): staff roles on the configured database
 * (the same DATABASE_URL or DATA_DIR as the server), migrated first like at start-up. The work is done by
 * server/users/roles-command.ts, which says what each exit code means.
 */
import { loadConfig } from '#server/config';
import { ConfigError } from '#server/config-values';
import { openConfiguredDatabase } from '#server/db/database';
import { migrate } from '#server/db/migrate';
import { createLog } from '#server/log';
import { runRolesCommand } from '#server/users/roles-command';

async function main(): Promise<number> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      return 1;
    }
    throw error;
  }
  const db = openConfiguredDatabase(config);
  try {
    await migrate(db);
    return await runRolesCommand(process.argv.slice(2), {
      db,
      // The security log's lines go to standard output, as the server's do, for a log collector to keep. At a
      // terminal nothing keeps them: there the person reads the command's own sentence, not the same news again
      // as a JSON line mixed into it (docs/configuration.md#staff-roles).
      log: createLog({ level: process.stdout.isTTY ? 'silent' : config.LOG_LEVEL }),
      now: () => new Date(),
      print: (line) => console.log(line),
      error: (line) => console.error(line),
    });
  } finally {
    await db.destroy();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error('roles failed:', error);
    process.exitCode = 1;
  },
);
