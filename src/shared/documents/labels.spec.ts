import { Box, code128Encodable, placeBarcode, QUIET_ZONE, SymbolPlacement } from './barcodes';
import { LABEL_SHEETS, LabelLayout, labelParts } from './labels';

const grow = (s: SymbolPlacement, modules: number): Box => ({ x: s.x - modules * s.module, y: s.y - modules * s.module, width: s.width + 2 * modules * s.module, height: s.height + 2 * modules * s.module });
const inside = (inner: Box, outer: Box) => inner.x >= outer.x - 1e-9 && inner.y >= outer.y - 1e-9 && inner.x + inner.width <= outer.x + outer.width + 1e-9 && inner.y + inner.height <= outer.y + outer.height + 1e-9;
const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Values of every length a label carries, from one character to the longest Code 128 takes. */
const VALUES = ['7', 'S1', 'A-01-02', '6901234567892', 'WH1/AREA-A/RACK-018/L2', 'SKU/2024 #7 long product number x', 'X'.repeat(80), '货号-α'];

describe('label geometry: every symbol keeps its quiet zone clear, inside its own label', () => {
  it.each(['a4', 'roll'] as LabelLayout[])('%s labels: Code 128 10 modules each side, QR 4 modules all round', (layout) => {
    const [width, height] = LABEL_SHEETS[layout].label;
    const label: Box = { x: 0, y: 0, width, height };
    const parts = labelParts(width, height);
    for (const value of VALUES) {
      // the QR code: its quiet zone lies within the label and touches neither the text nor the Code 128 and its value
      const qr = placeBarcode('qrcode', value, parts.qr);
      const qrQuiet = grow(qr, QUIET_ZONE.qrcode);
      expect({ value, inside: inside(qrQuiet, label) }).toEqual({ value, inside: true });
      for (const other of [parts.text, parts.barcode, parts.value]) expect({ value, overlaps: overlap(qrQuiet, other) }).toEqual({ value, overlaps: false });
      if (!code128Encodable(value)) continue;
      // the Code 128: 10 modules clear left and right, within the label (labels on a sheet abut: a neighbour's
      // marks are beyond its own edge); nothing else of the label at its height
      const bars = placeBarcode('code128', value, parts.barcode);
      const barsQuiet: Box = { x: bars.x - QUIET_ZONE.code128 * bars.module, y: bars.y, width: bars.width + 2 * QUIET_ZONE.code128 * bars.module, height: bars.height };
      expect({ value, inside: inside(barsQuiet, label) }).toEqual({ value, inside: true });
      for (const other of [parts.text, parts.qr, parts.value]) expect({ value, overlaps: overlap(barsQuiet, other) }).toEqual({ value, overlaps: false });
      expect(bars.module).toBeGreaterThan(0);
    }
  });
});
