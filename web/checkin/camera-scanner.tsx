import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

type Detector = { detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]> };
type DetectorClass = new (options: { formats: string[] }) => Detector;

/** The same code read again within this is the same ticket still in front of the camera. */
const REPEAT_MS = 3000;
const FORMATS = ['qr_code', 'code_128'];

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
        const [stream, zxing] = await Promise.all([
          navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false }),
          Native ? undefined : import('@zxing/browser'),
        ]);
        const release = () => stream.getTracks().forEach((track) => track.stop());
        if (stopped) return release();
        stop = release;
        element.srcObject = stream;
        // However long the camera takes to give its first picture (a slow phone, a busy one): the
        // decoder starts on a playing video and has no time limit of its own to give up at.
        await element.play();
        if (stopped) return;
        if (Native) {
          const detector = new Native({ formats: FORMATS });
          let timer = 0;
          const tick = async () => {
            if (stopped) return;
            try {
              const codes = await detector.detect(element);
              if (codes[0]) found(codes[0].rawValue);
            } catch {
              // A frame the detector could not read: the next one may do.
            }
            if (!stopped) timer = window.setTimeout(() => void tick(), 200);
          };
          void tick();
          stop = () => {
            window.clearTimeout(timer);
            release();
          };
        } else if (zxing) {
          const reader = new zxing.BrowserMultiFormatReader();
          const controls = await reader.decodeFromVideoElement(element, (result) => {
            if (result) found(result.getText());
          });
          stop = () => {
            controls.stop();
            release();
          };
          if (stopped) stop();
        }
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
