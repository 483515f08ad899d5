import { PageError } from '../components/page-error/page-error.tsx';

/**
 * A render error or a route module that failed to load (typically a new deployment replaced
 * the hashed chunks): offer a reload, which fetches the current build.
 */
export function RouteError({ error }: { error: unknown }) {
  console.error('route failed', error);
  return <PageError onRetry={() => window.location.reload()} />;
}
