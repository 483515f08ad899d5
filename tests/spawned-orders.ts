import { ordinaryOrderBody } from '../server/quantity-order/quantity-fixtures.ts';
import type { SpawnedServer } from './spawn-server.ts';

/** Calls a spawned server as the web app does (JSON, the CSRF token, X-Requested-With): orders of the quantity fixture, and their status. */
export async function shopper(server: SpawnedServer, when: { day: string; time: string }) {
  const { token } = (await (await fetch(`${server.url}/api/token`)).json()) as { token: string };
  const post = (url: string, body: unknown) =>
    fetch(`${server.url}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': token, 'x-requested-with': 'XMLHttpRequest' },
      body: JSON.stringify(body),
    });
  return {
    /** Places order i of the fixture's session; answers its hash, or throws with the answer. */
    async order(i: number): Promise<string> {
      const response = await post('/api/order/create', ordinaryOrderBody(when, i));
      if (response.status !== 200) throw new Error(`order ${i}: ${response.status} ${await response.text()}`);
      return ((await response.json()) as { hash: string }).hash;
    },
    /** The order's page data, as the order page reads it. */
    async view(hash: string): Promise<{ status: number; body: unknown }> {
      const response = await post('/api/order/view', { hash, lang: 'ru' });
      return { status: response.status, body: await response.json() };
    },
  };
}
