import { ConfigError, loadConfig } from './config.ts';
import { startServer } from './start.ts';

// The production entry: the environment's config, nothing replaced (server/start.ts does the work).
startServer(loadConfig()).catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
