import { DEMO_EVENT, DEMO_SCHEME_EVENT, createDemoOrder } from './demo.ts';
import { createClient } from './http.ts';

export type PageToMeasure = { name: string; path: string };

/** The four pages the browser parts measure; the order page needs an order, made through the API. */
export async function pagesToMeasure(baseUrl: string): Promise<PageToMeasure[]> {
  const client = createClient(baseUrl);
  try {
    const orderHash = await createDemoOrder(client);
    return [
      { name: '/', path: '/' },
      { name: '/event/{hash}', path: `/event/${DEMO_EVENT}` },
      { name: '/scheme/{hash}', path: `/scheme/${DEMO_SCHEME_EVENT}` },
      { name: '/order/{hash}', path: `/order/${orderHash}` },
    ];
  } finally {
    client.close();
  }
}
