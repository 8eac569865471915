import { describe, expect, it } from 'vitest';
import { intoSheets, labelSheets, perSheet } from '#client/features/labels/label-sheets.ts';
import { machineIdFromQr, machineLink } from '#shared/machine-link.ts';

const id = '0b6f1c3e-2d4a-4f5b-8c9d-1e2f3a4b5c6d';

describe('machine labels', () => {
  it('reads back the machine of our own link, from any host the plant serves the app under', () => {
    expect(machineIdFromQr(machineLink('https://imsp.plant.lan', id))).toBe(id);
    expect(machineIdFromQr(`http://10.0.4.12:3000/machines/${id.toUpperCase()}/`)).toBe(id);
  });

  it('says a code is not ours when it is not a machine link', () => {
    for (const text of [
      'Hello',
      'WIFI:S:Plant;T:WPA;P:secret;;',
      `https://example.com/tickets/${id}`,
      'https://example.com/machines/not-an-id',
      `ftp://imsp.plant.lan/machines/${id}`,
      `javascript:alert(1)//machines/${id}`,
    ]) {
      expect(machineIdFromQr(text), text).toBeNull();
    }
  });

  it('fills whole sheets in order, the last one partly', () => {
    const sheet = labelSheets[0]!;
    const machines = Array.from({ length: perSheet(sheet) + 3 }, (_, index) => index);
    expect(intoSheets(machines, sheet).map((labels) => labels.length)).toEqual([perSheet(sheet), 3]);
  });

  it("fits every sheet format's labels on its page", () => {
    for (const sheet of labelSheets) {
      const right = sheet.left + sheet.columns * sheet.label.width + (sheet.columns - 1) * sheet.columnGap;
      const bottom = sheet.top + sheet.rows * sheet.label.height + (sheet.rows - 1) * sheet.rowGap;
      expect(right, sheet.id).toBeLessThanOrEqual(sheet.page.width);
      expect(bottom, sheet.id).toBeLessThanOrEqual(sheet.page.height);
    }
  });
});
