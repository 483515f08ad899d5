import QRCode from 'qrcode';

/**
 * A Y4M video (YUV4MPEG2, 4:2:0) of a still QR code, for Chromium's fake camera
 * (--use-file-for-fake-video-capture): a text header, then per frame "FRAME\n" and the raw Y, U
 * and V planes. Grey picture (U = V = 128), black modules on white with the quiet zone QR needs.
 */
export function qrCodeY4m(text: string, options: { width?: number; height?: number; frames?: number } = {}): Buffer {
  const width = options.width ?? 640;
  const height = options.height ?? 480;
  const frames = options.frames ?? 5;
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quiet = 4;
  const cells = modules.size + 2 * quiet;
  const cell = Math.floor((Math.min(width, height) * 0.8) / cells);
  const left = Math.floor((width - cells * cell) / 2);
  const top = Math.floor((height - cells * cell) / 2);
  const luma = Buffer.alloc(width * height, 235);
  for (let row = 0; row < modules.size; row += 1) {
    for (let col = 0; col < modules.size; col += 1) {
      if (!modules.get(row, col)) continue;
      const x0 = left + (col + quiet) * cell;
      const y0 = top + (row + quiet) * cell;
      for (let y = y0; y < y0 + cell; y += 1) luma.fill(16, y * width + x0, y * width + x0 + cell);
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  return Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]);
}
