// A result table as an Office Open XML workbook (.xlsx), written as it is sent: a ZIP whose sheet
// is deflated chunk by chunk (each chunk sync-flushed, so the pieces join into one deflate stream)
// with its CRC and sizes in a data descriptor after it, since they are known only at the end.
import { crc32, deflateRawSync, constants } from 'node:zlib';
import type { ResultCell, ResultTable } from './reportData';
import { chunked, type EncodeLimit } from './reportEncode';

/** Excel's sheet holds 1,048,576 rows: the header and this many data rows. */
export const XLSX_MAX_ROWS = 1_048_575;

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

const PARTS: readonly (readonly [string, string])[] = [
  [
    '[Content_Types].xml',
    `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
      '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
      '</Types>',
  ],
  [
    '_rels/.rels',
    `${XML_HEAD}<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  ],
  ['xl/workbook.xml', `${XML_HEAD}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="Report" sheetId="1" r:id="rId1"/></sheets></workbook>`],
  [
    'xl/_rels/workbook.xml.rels',
    `${XML_HEAD}<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
  ],
];
const SHEET_NAME = 'xl/worksheets/sheet1.xml';
/** The fastest deflate: the sheet is large and repetitive, and the time goes to compressing it. */
const SHEET_LEVEL = constants.Z_BEST_SPEED;

/** `A`, `B`, … `Z`, `AA`: the column letters of a cell reference. */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** XML text: the five escapes, and the characters XML 1.0 cannot hold dropped. */
export function xmlText(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

function cellXml(cell: ResultCell, ref: string): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? `<c r="${ref}"><v>${cell}</v></c>` : '';
  const space = /^\s|\s$/.test(cell) ? ' xml:space="preserve"' : '';
  return `<c r="${ref}" t="inlineStr"><is><t${space}>${xmlText(cell)}</t></is></c>`;
}

function rowXml(cells: readonly ResultCell[], rowNumber: number, columns: readonly string[]): string {
  return `<row r="${rowNumber}">${cells.map((cell, c) => cellXml(cell, `${columns[c] ?? columnName(c)}${rowNumber}`)).join('')}</row>`;
}

// Version 2.0, no encryption; a fixed date (1980-01-01) so the same table gives the same bytes.
const DOS_TIME = 0;
const DOS_DATE = (0 << 9) | (1 << 5) | 1;
const FLAG_UTF8 = 0x0800;
const FLAG_DESCRIPTOR = 0x0008;

interface Entry {
  name: Buffer;
  flags: number;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

function localHeader(e: Entry): Buffer {
  const b = Buffer.alloc(30);
  b.writeUInt32LE(0x04034b50, 0);
  b.writeUInt16LE(20, 4);
  b.writeUInt16LE(e.flags, 6);
  b.writeUInt16LE(8, 8);
  b.writeUInt16LE(DOS_TIME, 10);
  b.writeUInt16LE(DOS_DATE, 12);
  b.writeUInt32LE(e.crc, 14);
  b.writeUInt32LE(e.compressed, 18);
  b.writeUInt32LE(e.size, 22);
  b.writeUInt16LE(e.name.length, 26);
  b.writeUInt16LE(0, 28);
  return Buffer.concat([b, e.name]);
}

function centralHeader(e: Entry): Buffer {
  const b = Buffer.alloc(46);
  b.writeUInt32LE(0x02014b50, 0);
  b.writeUInt16LE(20, 4);
  b.writeUInt16LE(20, 6);
  b.writeUInt16LE(e.flags, 8);
  b.writeUInt16LE(8, 10);
  b.writeUInt16LE(DOS_TIME, 12);
  b.writeUInt16LE(DOS_DATE, 14);
  b.writeUInt32LE(e.crc, 16);
  b.writeUInt32LE(e.compressed, 20);
  b.writeUInt32LE(e.size, 24);
  b.writeUInt16LE(e.name.length, 28);
  b.writeUInt32LE(e.offset, 42);
  return Buffer.concat([b, e.name]);
}

function endOfCentral(count: number, size: number, offset: number): Buffer {
  const b = Buffer.alloc(22);
  b.writeUInt32LE(0x06054b50, 0);
  b.writeUInt16LE(count, 8);
  b.writeUInt16LE(count, 10);
  b.writeUInt32LE(size, 12);
  b.writeUInt32LE(offset, 16);
  return b;
}

/** The workbook's bytes as they are made; the sheet is never whole in memory. */
export function* xlsxChunks(table: ResultTable, limit?: EncodeLimit): Generator<Buffer, void, undefined> {
  const entries: Entry[] = [];
  let offset = 0;
  const emit = (buffer: Buffer): Buffer => {
    offset += buffer.length;
    return buffer;
  };

  for (const [name, text] of PARTS) {
    const data = Buffer.from(text);
    const compressed = deflateRawSync(data);
    const entry: Entry = { name: Buffer.from(name), flags: FLAG_UTF8, crc: crc32(data), compressed: compressed.length, size: data.length, offset };
    entries.push(entry);
    yield emit(Buffer.concat([localHeader(entry), compressed]));
  }

  const sheet: Entry = { name: Buffer.from(SHEET_NAME), flags: FLAG_UTF8 | FLAG_DESCRIPTOR, crc: 0, compressed: 0, size: 0, offset };
  entries.push(sheet);
  yield emit(localHeader(sheet));
  const columns = table.headers.map((_, c) => columnName(c));
  const rows: ResultTable = { ...table, rowCount: Math.min(table.rowCount, XLSX_MAX_ROWS) };
  const head = `${XML_HEAD}<worksheet xmlns="${MAIN}"><sheetData>${rowXml(table.headers, 1, columns)}`;
  const xml = chunked(
    rows,
    head,
    (i) => rowXml(table.row(i), i + 2, columns),
    '</sheetData></worksheet>',
    limit && { bytes: Math.min(limit.bytes ?? Infinity, 2 ** 31) },
  );
  for (const piece of xml) {
    sheet.crc = crc32(piece, sheet.crc);
    sheet.size += piece.length;
    const compressed = deflateRawSync(piece, { level: SHEET_LEVEL, finishFlush: constants.Z_SYNC_FLUSH });
    sheet.compressed += compressed.length;
    yield emit(compressed);
  }
  // An empty final block ends the deflate stream; then the descriptor with what the header could not say.
  const last = deflateRawSync(Buffer.alloc(0));
  sheet.compressed += last.length;
  const descriptor = Buffer.alloc(16);
  descriptor.writeUInt32LE(0x08074b50, 0);
  descriptor.writeUInt32LE(sheet.crc, 4);
  descriptor.writeUInt32LE(sheet.compressed, 8);
  descriptor.writeUInt32LE(sheet.size, 12);
  yield emit(Buffer.concat([last, descriptor]));

  const centralStart = offset;
  const central = Buffer.concat(entries.map(centralHeader));
  yield Buffer.concat([central, endOfCentral(entries.length, central.length, centralStart)]);
}
