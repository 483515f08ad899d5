/**
 * The baseline of the hot-call benchmark: a bare Fastify 5 server (no hooks, no schemas, no
 * database, no logging) answering each measured path with a stored copy of the storefront's real
 * answer, so the body on the wire has the same size. Started by bench/lib/server.ts in its own
 * process: PORT, and BARE_ANSWERS = a JSON file {"GET /api/afisha": {...}, "POST /api/no-scheme": {...}}.
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const answers = JSON.parse(readFileSync(process.env.BARE_ANSWERS ?? '', 'utf8')) as Record<string, unknown>;
const app = Fastify({ logger: false, bodyLimit: 256 * 1024 });

app.get('/ready', async () => ({ ok: true }));
for (const [route, answer] of Object.entries(answers)) {
  const [method, url] = route.split(' ') as ['GET' | 'POST', string];
  app.route({ method, url, handler: async () => answer });
}

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
