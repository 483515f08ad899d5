// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { CameraScanner } from './camera-scanner.tsx';

afterEach(cleanup);

/** A camera whose picture comes when the test says, and a BarcodeDetector reading what the test lists. */
function fakeDevice(reads: string[][]) {
  const track = { stop: vi.fn() };
  let give: (stream: unknown) => void = () => {};
  let refuse: (error: Error) => void = () => {};
  const getUserMedia = vi.fn(
    () =>
      new Promise((resolve, reject) => {
        give = resolve;
        refuse = reject;
      }),
  );
  const detect = vi.fn(async () => (reads.shift() ?? []).map((rawValue) => ({ rawValue })));
  vi.stubGlobal('navigator', { mediaDevices: { getUserMedia } });
  vi.stubGlobal(
    'BarcodeDetector',
    class {
      detect = detect;
    },
  );
  return {
    track,
    detect,
    getUserMedia,
    start: () => give({ getTracks: () => [track] }),
    fail: () => refuse(new Error('NotAllowedError')),
  };
}

beforeEach(() => {
  // jsdom plays no media: the picture "plays" at once.
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
});

it('reads frame after frame until a code shows, and reports a code still in front of it once', async () => {
  const device = fakeDevice([[], [], ['6500766439743726'], ['6500766439743726'], ['6500766439743726']]);
  const onCode = vi.fn();
  render(<CameraScanner onCode={onCode} />);
  device.start();
  await waitFor(() => expect(device.detect.mock.calls.length).toBeGreaterThanOrEqual(5));
  expect(onCode).toHaveBeenCalledTimes(1);
  expect(onCode).toHaveBeenCalledWith('6500766439743726');
});

it('releases the camera when turned off, and reads no more', async () => {
  const device = fakeDevice([]);
  const { unmount } = render(<CameraScanner onCode={() => {}} />);
  device.start();
  await waitFor(() => expect(device.detect).toHaveBeenCalled());
  unmount();
  expect(device.track.stop).toHaveBeenCalled();
  const reads = device.detect.mock.calls.length;
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(device.detect.mock.calls.length).toBe(reads);
});

it('releases a camera that answers only after it was turned off', async () => {
  const device = fakeDevice([]);
  const { unmount } = render(<CameraScanner onCode={() => {}} />);
  await waitFor(() => expect(device.getUserMedia).toHaveBeenCalled());
  unmount();
  device.start();
  await waitFor(() => expect(device.track.stop).toHaveBeenCalled());
  expect(device.detect).not.toHaveBeenCalled();
});

it('says so when the camera cannot be used', async () => {
  const device = fakeDevice([]);
  render(<CameraScanner onCode={() => {}} />);
  device.fail();
  expect(await screen.findByRole('alert')).toBeTruthy();
});
