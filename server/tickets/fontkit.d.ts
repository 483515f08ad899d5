// fontkit (pdfkit's own font engine, installed with it) ships no types; the tickets PDF only parses
// a font once with it and hands the parsed font to pdfkit.
declare module 'fontkit' {
  export interface Font {
    layout(text: string): unknown;
  }
  export function create(buffer: Uint8Array, postscriptName?: string): Font;
}
