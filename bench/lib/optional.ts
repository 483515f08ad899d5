/**
 * Imports a package the benchmarks need but the product does not (autocannon, lighthouse);
 * undefined when it is not installed, so that part reports 'not available'
 * instead of stopping the whole run. T is the part of the package's API the caller uses.
 */
export async function optionalImport<T>(name: string): Promise<T | undefined> {
  try {
    const mod = (await import(name)) as { default?: unknown };
    return (mod.default ?? mod) as T;
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') return undefined;
    throw error;
  }
}
