import { useQuery } from '@tanstack/react-query';
import { setupQueryOptions } from './api.ts';

/** The storefront setup (GET /api/setup), shared by the shell and every page. */
export function useSetup() {
  return useQuery(setupQueryOptions());
}
