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
  const [problem, setProblem] = useState('');
  const latest = useRef(onCode);
  latest.current = onCode;

  useEffect(() => {
    let stopped = false;
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
        if (Native) {
          const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
          if (stopped) return stream.getTracks().forEach((track) => track.stop());
          element.srcObject = stream;
          await element.play();
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
            timer = window.setTimeout(() => void tick(), 200);
          };
          void tick();
          stop = () => {
            window.clearTimeout(timer);
            stream.getTracks().forEach((track) => track.stop());
          };
        } else {
          const { BrowserMultiFormatReader } = await import('@zxing/browser');
          if (stopped) return;
          const reader = new BrowserMultiFormatReader();
          const controls = await reader.decodeFromConstraints({ video: { facingMode: 'environment' }, audio: false }, element, (result) => {
            if (result) found(result.getText());
          });
          if (stopped) controls.stop();
          stop = () => controls.stop();
        }
      } catch {
        if (!stopped) setProblem(t('camera.unavailable'));
      }
    })();
    return () => {
      stopped = true;
      stop();
    };
  }, [t]);

  return (
    <div className="door-camera">
      {/* The picture is for aiming; what was read is announced by the verdict. */}
      <video ref={video} className="door-camera__video" muted playsInline aria-label={t('camera.label')} />
      {problem ? (
        <p className="door-camera__problem" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
