// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OfflineScan, SyncResponse } from '../../contract/checkin.ts';

// The device's kept scans (IndexedDB in a browser) and the sync call, each send held until the
// test answers it, so a test can act while one is under way.
const state = vi.hoisted(() => ({
  kept: [] as OfflineScan[],
  reads: 0,
  sends: [] as { resolve: (answer: SyncResponse) => void; reject: (error: Error) => void }[],
}));
vi.mock('./offline-store.ts', () => ({
  keptScans: async () => {
    state.reads += 1;
    return [...state.kept];
  },
  forgetScans: async (ids: readonly string[]) => {
    state.kept = state.kept.filter((scan) => !ids.includes(scan.scanId));
  },
}));
vi.mock('./api.ts', () => ({
  syncScans: () => new Promise<SyncResponse>((resolve, reject) => state.sends.push({ resolve, reject })),
  isOffline: (error: unknown) => error instanceof Error && error.message === 'offline',
}));
const { useOfflineSync } = await import('./use-offline-sync.ts');

const SESSIONS = [7];
const SCAN: OfflineScan = { scanId: 'scan-0001', code: '1000000000000002', scannedAt: '2026-12-07T10:00:00.000Z' };

function Door({ sessions = SESSIONS }: { sessions?: readonly number[] }) {
  const { pending } = useOfflineSync('device-1', sessions, 'ru');
  return <p>kept {pending}</p>;
}

afterEach(() => {
  cleanup();
  state.kept = [];
  state.reads = 0;
  state.sends = [];
});

describe('scans kept offline', () => {
  it('are sent at once when the network comes back during a send that fails for the want of it, not at the next retry', async () => {
    state.kept = [SCAN];
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Door />
      </QueryClientProvider>,
    );
    // The page offers the kept scan as it opens; the network is still down.
    await waitFor(() => expect(state.sends).toHaveLength(1));
    // The network is back while that send is still failing.
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await act(async () => state.sends[0]?.reject(new Error('offline')));
    await waitFor(() => expect(state.sends).toHaveLength(2));
    await act(async () =>
      state.sends[1]?.resolve({
        errorCode: '0',
        errorText: '',
        results: [{ scanId: SCAN.scanId, verdict: 'admitted', ticket: null, usedAt: null, usedBy: null, replayed: false }],
      }),
    );
    await waitFor(() => expect(screen.getByText('kept 0')).toBeTruthy());
    expect(state.kept).toEqual([]);
  });

  it('are not read again when the door renders the same sessions in a new array (each key typed)', async () => {
    const client = new QueryClient();
    const door = (sessions: readonly number[]) => (
      <QueryClientProvider client={client}>
        <Door sessions={sessions} />
      </QueryClientProvider>
    );
    const { rerender } = render(door([7, 8]));
    await waitFor(() => expect(screen.getByText('kept 0')).toBeTruthy());
    await waitFor(() => expect(state.reads).toBeGreaterThan(0));
    const reads = state.reads;
    for (let i = 0; i < 3; i += 1) rerender(door([7, 8]));
    await act(async () => {});
    expect(state.reads).toBe(reads);
    expect(state.sends).toEqual([]);
  });
});
