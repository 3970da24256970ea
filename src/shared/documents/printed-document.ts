import { code128Encodable, drawBarcode } from './barcodes';
import { BOLD, Pdf, REGULAR } from './pdf';

/*
 * One layout for every printed order (receipts, picking lists, delivery notes, relocation sheets, and later
 * count sheets): a builder turns an order into this model, in the reader's language, and `renderDocument`
 * lays it out on A4 pages — header with the site name, title and the number as a Code 128, the order's
 * fields, the lines as a table whose header repeats on every page, totals, notes, signature boxes, and a
 * footer with the print time and "page n of N".
 */

export interface DocumentColumn {
  header: string;
  /** Share of the table width. */
  weight: number;
  align?: 'left' | 'right' | 'center';
  /** An empty box to tick by hand (the cells' texts are ignored). */
  checkbox?: boolean;
}

/** A line of the table (one text per column), or a heading across the table (a group of lines). */
export type DocumentRow = string[] | { heading: string };

export interface PrintedDocument {
  site: string;
  title: string;
  /** The order's number: printed large and as a barcode, so scanning the paper finds the order. */
  number: string;
  fields: Array<[label: string, value: string]>;
  columns: DocumentColumn[];
  rows: DocumentRow[];
  totals: Array<[label: string, value: string]>;
  notes: Array<[label: string, value: string]>;
  /** One box per person who signs. */
  signatures: string[];
  /** Between a label and its value in totals and notes: ": " or the full-width "：". */
  colon: string;
  /** Footer text on the left (when and by whom it was printed). */
  printed: string;
  /** "Page 2 of 5" in the reader's language. */
  pageLabel: (page: number, pages: number) => string;
}

export const A4: [number, number] = [595.28, 841.89];
export const DOCUMENT_MARGIN = 36;

const SIZE = { site: 9, title: 17, number: 10, field: 8.5, cell: 8.5, header: 7.5, small: 7.5 } as const;
const GREY = '#666666';
const RULE = '#bbbbbb';
const FILL = '#eeeeee';
const PAD = 3;
/** A cell shows at most this many lines (a very long specification must not make a row taller than a page). */
const MAX_CELL_LINES = 6;
/** The smallest size a cell's text is set at so that its longest word fits the column. */
const MIN_CELL_SIZE = 4;
/**
 * A run that must not break: letters, digits and signs up to a space, a CJK ideograph (which breaks anywhere)
 * or just after a hyphen that a letter follows (`RACK-` / `BAY-07`; as in Unicode line breaking, never
 * before a digit: `2026-000123` stays whole).
 */
const UNBREAKABLE_RUN = /(?:[^\s\-\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]|-(?=\d))+-?|-/g;
const FOOTER_SPACE = 22;
const SIGNATURE_HEIGHT = 54;

/** Lays the document out on as many pages as it needs; the PDF must buffer its pages (`bufferPages`). */
export function renderDocument(doc: Pdf, model: PrintedDocument): void {
  const layout = new DocumentLayout(doc, model);
  layout.firstPage();
  layout.table();
  layout.totals();
  layout.signatures();
  layout.footers();
}

class DocumentLayout {
  private readonly left = DOCUMENT_MARGIN;
  private readonly width: number;
  private readonly bottom: number;
  private readonly columnX: number[] = [];
  private readonly columnWidth: number[] = [];
  private y = DOCUMENT_MARGIN;

  constructor(
    private readonly doc: Pdf,
    private readonly model: PrintedDocument,
  ) {
    this.width = A4[0] - 2 * DOCUMENT_MARGIN;
    this.bottom = A4[1] - DOCUMENT_MARGIN - FOOTER_SPACE;
    const total = model.columns.reduce((sum, column) => sum + column.weight, 0);
    let x = this.left;
    for (const column of model.columns) {
      const width = (this.width * column.weight) / total;
      this.columnX.push(x);
      this.columnWidth.push(width);
      x += width;
    }
  }

  firstPage(): void {
    const { doc, model } = this;
    doc.addPage({ size: A4, margin: DOCUMENT_MARGIN });
    const barcodeWidth = 180;
    const textWidth = this.width - barcodeWidth - 12;
    doc.font(REGULAR).fontSize(SIZE.site).fillColor(GREY).text(model.site, this.left, DOCUMENT_MARGIN, { width: textWidth, lineBreak: false, ellipsis: true });
    doc.font(BOLD).fontSize(SIZE.title).fillColor('black').text(model.title, this.left, DOCUMENT_MARGIN + 14, { width: textWidth });
    const barcodeX = this.left + this.width - barcodeWidth;
    if (code128Encodable(model.number)) drawBarcode(doc, 'code128', model.number, { x: barcodeX, y: DOCUMENT_MARGIN, width: barcodeWidth, height: 30 });
    doc.font(BOLD).fontSize(SIZE.number).fillColor('black').text(model.number, barcodeX, DOCUMENT_MARGIN + 33, { width: barcodeWidth, align: 'center' });
    this.y = Math.max(doc.y, DOCUMENT_MARGIN + 50) + 8;
    this.fields();
  }

  /** The order's fields, three to a row. */
  private fields(): void {
    const { doc, model } = this;
    const perRow = 3;
    const cell = this.width / perRow;
    for (let start = 0; start < model.fields.length; start += perRow) {
      let rowHeight = 0;
      model.fields.slice(start, start + perRow).forEach(([label, value], i) => {
        const x = this.left + i * cell;
        doc.font(REGULAR).fontSize(SIZE.small).fillColor(GREY).text(label, x, this.y, { width: cell - 8, lineBreak: false, ellipsis: true });
        const height = doc.font(REGULAR).fontSize(SIZE.field).fillColor('black').heightOfString(value || '-', { width: cell - 8 });
        doc.text(value || '-', x, this.y + 10, { width: cell - 8, height: Math.min(height, SIZE.field * 1.3 * 3), ellipsis: true });
        rowHeight = Math.max(rowHeight, 10 + Math.min(height, SIZE.field * 1.3 * 3));
      });
      this.y += rowHeight + 6;
    }
    this.y += 4;
  }

  /** The small header of a continuation page. */
  private nextPage(): void {
    const { doc, model } = this;
    doc.addPage({ size: A4, margin: DOCUMENT_MARGIN });
    doc.font(REGULAR).fontSize(SIZE.site).fillColor(GREY).text(`${model.site} · ${model.title} · ${model.number}`, this.left, DOCUMENT_MARGIN, { width: this.width, lineBreak: false, ellipsis: true });
    this.y = DOCUMENT_MARGIN + 16;
  }

  private ensure(height: number, withHeader: boolean): void {
    if (this.y + height <= this.bottom) return;
    this.nextPage();
    if (withHeader) this.headerRow();
  }

  private cellHeight(text: string, column: number, bold = false, size: number = SIZE.cell): number {
    const { doc } = this;
    doc.font(bold ? BOLD : REGULAR).fontSize(this.fitting(text, column, bold, size));
    const height = doc.heightOfString(text || ' ', { width: this.columnWidth[column] - 2 * PAD });
    return Math.min(height, doc.currentLineHeight(true) * MAX_CELL_LINES);
  }

  /**
   * The font size at which the cell's longest unbreakable run fits its column: a shelf code or a product
   * number breaks after a hyphen or a space, never between two of its letters or digits — a run too wide
   * is set smaller (down to MIN_CELL_SIZE); Chinese text breaks between any two characters, so it never shrinks.
   */
  private fitting(text: string, column: number, bold: boolean, size: number): number {
    const { doc } = this;
    const words = text.match(UNBREAKABLE_RUN) ?? [];
    if (!words.length) return size;
    doc.font(bold ? BOLD : REGULAR).fontSize(size);
    const widest = Math.max(...words.map((word) => doc.widthOfString(word)));
    const room = this.columnWidth[column] - 2 * PAD;
    return widest <= room ? size : Math.max(MIN_CELL_SIZE, Math.floor(((size * room) / widest) * 10) / 10);
  }

  private headerRow(): void {
    const { doc, model } = this;
    const height = Math.max(...model.columns.map((column, i) => this.cellHeight(column.header, i, true, SIZE.header))) + 2 * PAD;
    doc.rect(this.left, this.y, this.width, height).fill(FILL);
    model.columns.forEach((column, i) => {
      doc.font(BOLD).fontSize(this.fitting(column.header, i, true, SIZE.header)).fillColor('black').text(column.header, this.columnX[i] + PAD, this.y + PAD, { width: this.columnWidth[i] - 2 * PAD, align: column.align ?? 'left' });
    });
    this.y += height;
    this.rule(0.8);
  }

  table(): void {
    const { doc, model } = this;
    this.ensure(40, false);
    this.headerRow();
    for (const row of model.rows) {
      if (!Array.isArray(row)) {
        doc.font(BOLD).fontSize(SIZE.cell);
        const height = doc.heightOfString(row.heading, { width: this.width - 2 * PAD }) + 2 * PAD;
        // a group heading stays with at least one line of its group
        this.ensure(height + 20, true);
        doc.rect(this.left, this.y, this.width, height).fill('#f6f6f6');
        doc.font(BOLD).fontSize(SIZE.cell).fillColor('black').text(row.heading, this.left + PAD, this.y + PAD, { width: this.width - 2 * PAD });
        this.y += height;
        continue;
      }
      const height = Math.max(...row.map((text, i) => this.cellHeight(text, i))) + 2 * PAD;
      this.ensure(height, true);
      row.forEach((text, i) => {
        const column = model.columns[i];
        if (column?.checkbox) {
          const side = 8;
          doc.lineWidth(0.7).strokeColor('#333333').rect(this.columnX[i] + (this.columnWidth[i] - side) / 2, this.y + PAD + 1, side, side).stroke();
          return;
        }
        doc.font(REGULAR).fontSize(this.fitting(text, i, false, SIZE.cell)).fillColor('black').text(text, this.columnX[i] + PAD, this.y + PAD, {
          width: this.columnWidth[i] - 2 * PAD,
          height: height - 2 * PAD + 1,
          ellipsis: true,
          align: column?.align ?? 'left',
        });
      });
      this.y += height;
      this.rule(0.4);
    }
  }

  totals(): void {
    const { doc, model } = this;
    const lines = [...model.totals.map(([label, value]) => ({ label, value, bold: true })), ...model.notes.map(([label, value]) => ({ label, value, bold: false }))];
    for (const line of lines) {
      doc.font(line.bold ? BOLD : REGULAR).fontSize(SIZE.field);
      const text = `${line.label}${model.colon}${line.value || '-'}`;
      const height = doc.heightOfString(text, { width: this.width });
      this.ensure(height + 6, false);
      this.y += 4;
      doc.fillColor('black').text(text, this.left, this.y, { width: this.width, align: line.bold ? 'right' : 'left' });
      this.y += height;
    }
  }

  signatures(): void {
    const { doc, model } = this;
    if (!model.signatures.length) return;
    this.ensure(SIGNATURE_HEIGHT + 16, false);
    this.y += 14;
    const width = this.width / model.signatures.length;
    model.signatures.forEach((label, i) => {
      const x = this.left + i * width;
      doc.lineWidth(0.6).strokeColor(RULE).rect(x + 2, this.y, width - 4, SIGNATURE_HEIGHT).stroke();
      doc.font(REGULAR).fontSize(SIZE.small).fillColor(GREY).text(label, x + 6, this.y + 4, { width: width - 12, lineBreak: false, ellipsis: true });
    });
    this.y += SIGNATURE_HEIGHT;
  }

  /** Print time and page numbers on every page, written once the number of pages is known. */
  footers(): void {
    const { doc, model } = this;
    const range = doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i++) {
      doc.switchToPage(i);
      // writing below the bottom margin would make pdfkit open a new page
      const margin = doc.page.margins.bottom;
      doc.page.margins.bottom = 0;
      const y = A4[1] - DOCUMENT_MARGIN - 10;
      doc.font(REGULAR).fontSize(SIZE.small).fillColor(GREY);
      doc.text(model.printed, this.left, y, { width: this.width * 0.7, lineBreak: false, ellipsis: true });
      doc.text(model.pageLabel(i - range.start + 1, range.count), this.left + this.width * 0.7, y, { width: this.width * 0.3, align: 'right', lineBreak: false });
      doc.page.margins.bottom = margin;
    }
  }

  private rule(width: number): void {
    this.doc.moveTo(this.left, this.y).lineTo(this.left + this.width, this.y).lineWidth(width).strokeColor(RULE).stroke();
  }
}
