import { useState } from 'react';

/**
 * A form's busy flag around one call at a time: `run(work)` disables the form's buttons while the
 * work runs, hands a refusal to `onRefusal` and frees the buttons however the work ended.
 */
export function useBusy(onRefusal: (error: unknown) => void) {
  const [busy, setBusy] = useState(false);
  async function run(work: () => Promise<void>) {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      onRefusal(error);
    } finally {
      setBusy(false);
    }
  }
  return { busy, run };
}
