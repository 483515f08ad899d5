import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { SyncResult } from '../../contract/checkin.ts';
import type { Lang } from '../../contract/lang.ts';
import { isAdmitted } from '../../contract/checkin-rules.ts';
import { SYNC_BATCH_MAX } from '../../contract/checkin-rules.ts';
import { isOffline, syncScans } from './api.ts';
import { forgetScans, keptScans } from './offline-store.ts';

/** How often kept scans are offered to the server while some wait (besides the browser's 'online' event). */
const RETRY_MS = 15_000;

/**
 * Sends the scans kept offline when the network is back, in the order made, and keeps the
 * answers that were not a plain admission (conflicts above all) for the controller to see.
 * A batch the server has applied before is answered again the same, so sending twice is harmless.
 */
export function useOfflineSync(deviceId: string, sessionIds: readonly number[], lang: Lang) {
  const [pending, setPending] = useState(0);
  const [problems, setProblems] = useState<SyncResult[]>([]);
  const running = useRef(false);
  // Asked for while a send was under way: the network may have come back after that send failed
  // for the want of it (the 'online' event arrives during the attempt), so one more follows it.
  const again = useRef(false);
  const queryClient = useQueryClient();
  // The sessions by their ids, not by the array: the door builds a new one on every render (each
  // key typed), which would re-run the effect below, reading the kept scans and sending again.
  const sessionKey = sessionIds.join(',');
  const sessions = useMemo(() => (sessionKey === '' ? [] : sessionKey.split(',').map(Number)), [sessionKey]);

  const refresh = useCallback(async () => setPending((await keptScans()).length), []);

  /** Sends the kept scans, batch after batch, until none is left or the network fails. */
  const sendKept = useCallback(async () => {
    try {
      for (;;) {
        const batch = (await keptScans()).slice(0, SYNC_BATCH_MAX);
        if (batch.length === 0) break;
        const answer = await syncScans({ deviceId, scans: batch, lang, ...(sessions.length > 0 ? { sessionIds: sessions } : {}) });
        await forgetScans(answer.results.map((r) => r.scanId));
        const refused = answer.results.filter((r) => !isAdmitted(r.verdict));
        if (refused.length > 0) setProblems((earlier) => [...refused, ...earlier].slice(0, 50));
        void queryClient.invalidateQueries({ queryKey: ['checkin', 'activity'] });
      }
    } catch (error) {
      // Still offline: the scans stay kept for the next try. Anything else is the server's answer to show.
      if (!isOffline(error)) console.error('sync failed', error);
    }
  }, [deviceId, sessions, lang, queryClient]);

  const flush = useCallback(async () => {
    if (running.current) {
      again.current = true;
      return;
    }
    running.current = true;
    try {
      do {
        again.current = false;
        await sendKept();
      } while (again.current);
    } finally {
      running.current = false;
      await refresh();
    }
  }, [sendKept, refresh]);

  useEffect(() => {
    void refresh().then(() => flush());
    const online = () => void flush();
    window.addEventListener('online', online);
    const timer = window.setInterval(() => void flush(), RETRY_MS);
    return () => {
      window.removeEventListener('online', online);
      window.clearInterval(timer);
    };
  }, [flush, refresh]);

  return { pending, problems, refresh, flush };
}
