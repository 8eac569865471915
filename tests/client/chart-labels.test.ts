import { expect, it } from 'vitest';
import { labelOn, palette } from '#client/features/analytics/chart-theme.ts';

/** WCAG 2 contrast of two `#rrggbb` colours, computed here independently of the app's code. */
function contrast(a: string, b: string): number {
  const lum = (hex: string) => {
    const [r, g, b2] = [1, 3, 5].map((at) => {
      const c = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b2!;
  };
  const [light, dark] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

it('writes bar labels in the colour that reads best on every colour of the palette', () => {
  expect(labelOn('#f59e0b')).toBe('#0f172a');
  expect(labelOn('#2563eb')).toBe('#ffffff');
  for (const colour of palette) expect(contrast(labelOn(colour), colour), colour).toBeGreaterThanOrEqual(4.5);
});
