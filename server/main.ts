import { ConfigError, loadConfig, redactSecrets } from './config.ts';
import { type EmptyDatabaseFiller, type ServerOverrides, startServer } from './start.ts';

/**
 * The production start (main.ts at the repository's root runs it with the demo's loader): the
 * environment's config, nothing replaced (server/start.ts does the work). A start that fails
 * prints what went wrong in a line or a few, never a stack trace, and never a secret of the
 * environment (a DATABASE_URL's password, CRM_SECRET…): operators paste these messages into
 * tickets and chats.
 */
export async function runServer(fillEmpty?: EmptyDatabaseFiller, overrides: ServerOverrides = {}): Promise<void> {
  try {
    await startServer(loadConfig(), fillEmpty, overrides);
  } catch (error: unknown) {
    console.error(redactSecrets(startFailure(error)));
    process.exit(1);
  }
}

function startFailure(error: unknown): string {
  if (error instanceof ConfigError) return error.message;
  const lines = [`The storefront could not start: ${messageOf(error)}`];
  // A wrapped cause (a migration's SQL error, a refused connection) says what actually failed.
  for (
    let cause = (error as { cause?: unknown } | null)?.cause, depth = 0;
    cause !== undefined && depth < 3;
    cause = (cause as { cause?: unknown } | null)?.cause, depth++
  ) {
    lines.push(`  caused by: ${messageOf(cause)}`);
  }
  return lines.join('\n');
}

function messageOf(error: unknown): string {
  // A connection refused on every address is an AggregateError with no message of its own.
  if (error instanceof AggregateError && !error.message) return error.errors.map(messageOf).join('; ') || error.name;
  if (error instanceof Error) return error.message || String((error as { code?: unknown }).code ?? error.name);
  if (error !== null && typeof error === 'object' && 'code' in error) return String((error as { code: unknown }).code);
  return String(error);
}
