/**
 * Colour contrast as WCAG 2 measures it, for the colours a venue sets (the header's background,
 * under the storefront's white header text). Zod-free: the setup form shows the ratio as it is typed.
 */

/** WCAG AA for normal text: the header's links and language names are normal-size text. */
export const MIN_TEXT_CONTRAST = 4.5;

/** The storefront's header text colour (--header-fg in web/styles/tokens.css). */
export const HEADER_TEXT_COLOUR = '#ffffff';

/** A colour as the setup stores it: #rrggbb. */
export const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

function channel(hex: string, at: number): number {
  const value = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
  return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
}

function luminance(hex: string): number {
  return 0.2126 * channel(hex, 1) + 0.7152 * channel(hex, 3) + 0.0722 * channel(hex, 5);
}

/** The contrast ratio of two #rrggbb colours, 1 to 21; undefined when either is not #rrggbb. */
export function contrastRatio(a: string, b: string): number | undefined {
  if (!HEX_COLOUR.test(a) || !HEX_COLOUR.test(b)) return undefined;
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** Whether white header text stays readable on this background (at least MIN_TEXT_CONTRAST). */
export function headerBackgroundReadable(colour: string): boolean {
  const ratio = contrastRatio(colour, HEADER_TEXT_COLOUR);
  return ratio !== undefined && ratio >= MIN_TEXT_CONTRAST;
}
