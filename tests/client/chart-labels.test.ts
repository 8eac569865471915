import { expect, it } from 'vitest';
import { contrastRatio, labelOn, palette } from '#client/features/analytics/chart-theme.ts';

it('measures contrast as WCAG 2 does', () => {
  expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
  expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
});

it('writes bar labels in the colour that reads best on every colour of the palette', () => {
  expect(labelOn('#f59e0b')).toBe('#0f172a');
  expect(labelOn('#2563eb')).toBe('#ffffff');
  for (const colour of palette) expect(contrastRatio(labelOn(colour), colour), colour).toBeGreaterThanOrEqual(4.5);
});
