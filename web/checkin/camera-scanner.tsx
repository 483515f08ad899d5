import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

type Detector = { detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]> };
type DetectorClass = new (options: { formats: string[] }) => Detector;

/** The same code read again within this is the same ticket still in front of the camera. */
const REPEAT_MS = 3000;
const FORMATS = ['qr_code', 'code_128'];

/** Reads the video's current frame with the browser's detector. */
function nativeReader(detector: Detector) {
  return async (video: HTMLVideoElement) => (await detector.detect(video))[0]?.rawValue;
}

/** Reads the video's current frame with zxing, drawn on a canvas of the frame's own size. */
function zxingReader(reader: { decodeFromCanvas(canvas: HTMLCanvasElement): { getText(): string } }) {
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return async (video: HTMLVideoElement) => {
    const { videoWidth: width, videoHeight: height } = video;
    // No picture yet: nothing to read.
    if (!context || width === 0 || height === 0) return undefined;
    if (canvas.width !== width) canvas.width = width;
    if (canvas.height !== height) canvas.height = height;
    context.drawImage(video, 0, 0, width, height);
    // zxing throws when a frame holds no code it can read.
    return reader.decodeFromCanvas(canvas).getText();
  };
}

/**
 * The camera, reading QR codes and barcodes: the browser's BarcodeDetector where it exists, else
 * the zxing decoder, downloaded only then (it is most of this page's weight).
 */
export function CameraScanner({ onCode }: { onCode: (code: string) => void }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState(false);
  const latest = useRef(onCode);
  latest.current = onCode;

  useEffect(() => {
    let stopped = false;
    // What the clean-up undoes, set as soon as there is something to undo: the camera is released
    // even when the controller turns it off while it is still starting.
    let stop = () => {};
    let last = { code: '', at: 0 };
    const found = (code: string) => {
      const now = Date.now();
      if (code === last.code && now - last.at < REPEAT_MS) return;
      last = { code, at: now };
      latest.current(code);
    };
    void (async () => {
      const element = video.current;
      if (!element) return;
      const Native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
      try {
        // The picture and the decoder (where the browser has none) are fetched side by side.
        const [stream, read] = await Promise.all([
          navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false }),
          Native
            ? nativeReader(new Native({ formats: FORMATS }))
            : import('@zxing/browser').then((zxing) => zxingReader(new zxing.BrowserMultiFormatReader())),
        ]);
        const release = () => stream.getTracks().forEach((track) => track.stop());
        if (stopped) return release();
        stop = release;
        element.srcObject = stream;
        // However long the camera takes to give its first picture (a slow phone, a busy one): the
        // decoder starts on a playing video and has no time limit of its own to give up at.
        await element.play();
        if (stopped) return;
        // Both decoders read the frame on screen now, every so often, in one loop of ours: zxing's
        // own loop sizes its canvas once, from the video's size when it starts, and a camera whose
        // first picture came a moment later (a busy device) left it reading an empty canvas for
        // ever; a phone turned on its side changes the size too.
        const interval = Native ? 200 : 500;
        let timer = 0;
        const tick = async () => {
          if (stopped) return;
          try {
            const code = await read(element);
            if (code && !stopped) found(code);
          } catch {
            // A frame the decoder could not read: the next one may do.
          }
          if (!stopped) timer = window.setTimeout(() => void tick(), interval);
        };
        void tick();
        stop = () => {
          window.clearTimeout(timer);
          release();
        };
      } catch {
        if (!stopped) setProblem(true);
      }
    })();
    return () => {
      stopped = true;
      stop();
    };
  }, []);

  return (
    <div className="door-camera">
      {/* The picture is for aiming; what was read is announced by the verdict. */}
      <video ref={video} className="door-camera__video" muted playsInline aria-label={t('camera.label')} />
      {problem ? (
        <p className="door-camera__problem" role="alert">
          {t('camera.unavailable')}
        </p>
      ) : null}
    </div>
  );
}
