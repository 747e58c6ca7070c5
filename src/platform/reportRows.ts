// A report's JSON result `{headers: [...], rows: [[...], ...]}` read as it arrives: the headers
// handed over first, then rows in batches, never the whole text held. A small scanner finds each
// row's extent (strings, escapes and nesting tracked across chunk boundaries); JSON.parse reads a
// batch of rows at once, so the per-character work stays a tight loop.

/** A cell as a table shows it: anything that is not a string, number, boolean or null becomes its JSON text. */
export type ReportRowCell = string | number | boolean | null;

export interface ReportRowsSink {
  /** The column headers; called once, before any rows (with [] when the result has none). */
  onHeaders(headers: string[]): void | Promise<void>;
  /** A batch of rows in order; return false to stop reading (the connection is closed). */
  onRows(rows: ReportRowCell[][]): void | boolean | Promise<void | boolean>;
}

export interface ReportRowsOptions {
  /** The most rows in one batch (default 2,000); a batch is also handed over at each chunk's end. */
  batchRows?: number;
  /** Stop reading once this many bytes have arrived (the result is then incomplete). */
  maxBytes?: number;
}

export interface ReportRowsRead {
  headers: string[];
  /** Rows handed over. */
  rowCount: number;
  /** Bytes read from the body. */
  bytes: number;
  /** The whole result was read; otherwise `stoppedBy` says why not. */
  complete: boolean;
  stoppedBy?: 'maxBytes' | 'consumer';
}

/** The body is not a report result, or is cut off. */
export class ReportRowsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReportRowsError';
  }
}

/** The longest single value (a row, the headers) held while it arrives. */
const MAX_VALUE_CHARS = 16 * 1024 * 1024;
/** Rows held while the headers come after them. */
const MAX_EARLY_ROW_CHARS = 64 * 1024 * 1024;

const enum Top {
  Start,
  KeyOrEnd,
  KeyNext,
  Key,
  KeyEscape,
  Colon,
  Value,
  AfterValue,
  RowsFirst,
  RowsNext,
  RowsAfter,
  Done,
}

const WS = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

function cellOf(value: unknown): ReportRowCell {
  if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return JSON.stringify(value) ?? null;
}

function headerOf(value: unknown): string {
  if (typeof value === 'string') return value;
  return value === null || value === undefined ? '' : JSON.stringify(value);
}

function snippet(text: string): string {
  const cut = text.slice(0, 40).replace(/\s+/g, ' ');
  return text.length > 40 ? `${cut}…` : cut;
}

/**
 * Reads `body` (the download's JSON) to its end or until the sink stops it, handing over the
 * headers and then rows in batches. Fails with a ReportRowsError when the body is not this shape
 * or ends early; leaving early closes the body (its connection).
 */
export async function readReportRows(body: AsyncIterable<Uint8Array>, sink: ReportRowsSink, options: ReportRowsOptions = {}): Promise<ReportRowsRead> {
  const batchRows = Math.max(1, options.batchRows ?? 2000);
  const maxBytes = options.maxBytes ?? Infinity;
  const decoder = new TextDecoder('utf-8', { fatal: true });

  let top = Top.Start;
  let key = '';
  let keyText = '';
  let headers: string[] | undefined;
  let sawRows = false;
  let rowCount = 0;
  let bytes = 0;
  let position = 0;

  // The value being scanned (a row, the headers or a skipped value).
  let inValue = false;
  let keep = false;
  let depth = 0;
  let inString = false;
  let escaped = false;
  let scalar = false;
  let held = '';
  let heldChars = 0;

  let pending: string[] = [];
  let early: string[] = [];
  let earlyChars = 0;

  const fail = (message: string): never => {
    throw new ReportRowsError(message);
  };
  const unexpected = (text: string, at: number, what: string): never =>
    fail(`The report's result is not JSON {headers, rows}: ${what} at character ${position + at} (“${snippet(text.slice(at))}”).`);

  const parseRows = (texts: string[]): ReportRowCell[][] => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(`[${texts.join(',')}]`);
    } catch (error) {
      return fail(`The report's result has a row that is not JSON (${error instanceof Error ? error.message : String(error)}).`);
    }
    const rows = parsed as unknown[];
    const out = new Array<ReportRowCell[]>(rows.length);
    for (let i = 0; i < rows.length; i++) {
      const row = rows[i];
      if (!Array.isArray(row))
        return fail(`The report's result has a row that is not a list of cells (row ${rowCount + i + 1}: ${snippet(JSON.stringify(row) ?? '')}).`);
      const cells = new Array<ReportRowCell>(row.length);
      for (let j = 0; j < row.length; j++) cells[j] = cellOf(row[j]);
      out[i] = cells;
    }
    return out;
  };

  let stopped = false;
  const flush = async (): Promise<void> => {
    if (pending.length === 0 || headers === undefined) return;
    const texts = pending;
    pending = [];
    for (let start = 0; start < texts.length && !stopped; start += batchRows) {
      const rows = parseRows(start === 0 && texts.length <= batchRows ? texts : texts.slice(start, start + batchRows));
      rowCount += rows.length;
      if ((await sink.onRows(rows)) === false) stopped = true;
    }
  };

  const valueDone = (text: string): void => {
    if (top === Top.RowsFirst || top === Top.RowsNext) {
      if (headers === undefined) {
        earlyChars += text.length;
        if (earlyChars > MAX_EARLY_ROW_CHARS) fail("The report's result sends its rows before its headers, more of them than can be held.");
        early.push(text);
      } else pending.push(text);
      top = Top.RowsAfter;
      return;
    }
    if (key === 'headers') {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        return fail(`The report's result has headers that are not JSON (“${snippet(text)}”).`);
      }
      if (!Array.isArray(parsed)) return fail(`The report's result has headers that are not a list (“${snippet(text)}”).`);
      headers = parsed.map(headerOf);
    }
    top = Top.AfterValue;
  };

  const scan = (text: string): void => {
    const n = text.length;
    let i = 0;
    while (i < n) {
      if (inValue) {
        const start = i;
        let ended = -1;
        if (scalar) {
          while (i < n) {
            const c = text.charCodeAt(i);
            if (c === 0x2c || c === 0x5d || c === 0x7d || WS(c)) {
              ended = i;
              break;
            }
            i++;
          }
        } else {
          while (i < n) {
            const c = text.charCodeAt(i++);
            if (inString) {
              if (escaped) escaped = false;
              else if (c === 0x5c) escaped = true;
              else if (c === 0x22) {
                inString = false;
                if (depth === 0) {
                  ended = i;
                  break;
                }
              }
            } else if (c === 0x22) inString = true;
            else if (c === 0x5b || c === 0x7b) depth++;
            else if (c === 0x5d || c === 0x7d) {
              if (--depth === 0) {
                ended = i;
                break;
              }
            }
          }
        }
        if (ended < 0) {
          if (keep) {
            held += text.slice(start);
            heldChars += n - start;
            if (heldChars > MAX_VALUE_CHARS) fail(`The report's result has a single value longer than ${MAX_VALUE_CHARS} characters.`);
          }
          return;
        }
        inValue = false;
        const whole = keep ? held + text.slice(start, ended) : '';
        held = '';
        heldChars = 0;
        i = ended;
        valueDone(whole);
        continue;
      }
      const c = text.charCodeAt(i);
      switch (top) {
        case Top.Key: {
          // Keys are short: read to the closing quote, escapes kept for JSON.parse.
          const from = i;
          while (i < n) {
            const k = text.charCodeAt(i);
            if (k === 0x5c) {
              i += 2;
              continue;
            }
            if (k === 0x22) break;
            i++;
          }
          if (i > n) {
            keyText += text.slice(from, n);
            top = Top.KeyEscape;
            return;
          }
          keyText += text.slice(from, i);
          if (keyText.length > 1024) fail("The report's result has a key longer than 1,024 characters.");
          if (i === n) return;
          try {
            key = JSON.parse(`"${keyText}"`) as string;
          } catch {
            return unexpected(text, i, 'a key that is not a JSON string');
          }
          keyText = '';
          top = Top.Colon;
          i++;
          continue;
        }
        case Top.KeyEscape:
          keyText += text[i];
          top = Top.Key;
          i++;
          continue;
        default:
          break;
      }
      if (WS(c)) {
        i++;
        continue;
      }
      switch (top) {
        case Top.Start:
          if (c !== 0x7b) unexpected(text, i, 'it does not begin with an object');
          top = Top.KeyOrEnd;
          break;
        case Top.KeyOrEnd:
          if (c === 0x22) top = Top.Key;
          else if (c === 0x7d) top = Top.Done;
          else unexpected(text, i, 'a key was expected');
          break;
        case Top.Colon:
          if (c !== 0x3a) unexpected(text, i, '“:” was expected');
          top = Top.Value;
          break;
        case Top.Value:
          if (key === 'rows') {
            if (c !== 0x5b) unexpected(text, i, 'the rows are not a list');
            sawRows = true;
            top = Top.RowsFirst;
            break;
          }
          beginValue(c, key === 'headers');
          continue;
        case Top.RowsFirst:
          if (c === 0x5d) {
            top = Top.AfterValue;
            break;
          }
          beginValue(c, true);
          continue;
        case Top.RowsNext:
          beginValue(c, true);
          continue;
        case Top.RowsAfter:
          if (c === 0x2c) top = Top.RowsNext;
          else if (c === 0x5d) top = Top.AfterValue;
          else unexpected(text, i, '“,” or “]” was expected between rows');
          break;
        case Top.AfterValue:
          if (c === 0x2c) top = Top.KeyNext;
          else if (c === 0x7d) top = Top.Done;
          else unexpected(text, i, '“,” or “}” was expected');
          break;
        case Top.KeyNext:
          if (c !== 0x22) unexpected(text, i, 'a key was expected');
          top = Top.Key;
          break;
        case Top.Done:
          unexpected(text, i, 'more text after the result');
          break;
        default:
          break;
      }
      i++;
    }

    function beginValue(first: number, hold: boolean): void {
      inValue = true;
      keep = hold;
      depth = 0;
      inString = false;
      escaped = false;
      scalar = !(first === 0x22 || first === 0x5b || first === 0x7b);
      if (!scalar) return;
      // A number or a literal: it ends at the next delimiter.
      const ok = first === 0x2d || (first >= 0x30 && first <= 0x39) || first === 0x74 || first === 0x66 || first === 0x6e;
      if (!ok) unexpected(text, i, 'a value was expected');
    }
  };

  const iterator = body[Symbol.asyncIterator]();
  let stoppedBy: ReportRowsRead['stoppedBy'];
  let finished = false;
  try {
    for (;;) {
      const next = await iterator.next();
      if (next.done) {
        finished = true;
        break;
      }
      const chunk = next.value;
      if (bytes + chunk.byteLength > maxBytes) {
        stoppedBy = 'maxBytes';
        break;
      }
      bytes += chunk.byteLength;
      let text: string;
      try {
        text = decoder.decode(chunk, { stream: true });
      } catch {
        return fail(`The report's result is not UTF-8 text (near byte ${bytes}).`);
      }
      const wasHeaders = headers !== undefined;
      scan(text);
      position += text.length;
      if (!wasHeaders && headers !== undefined) {
        await sink.onHeaders(headers);
        pending = early.concat(pending);
        early = [];
        earlyChars = 0;
      }
      await flush();
      if (stopped) {
        stoppedBy = 'consumer';
        break;
      }
    }
    if (finished) {
      try {
        scan(decoder.decode());
      } catch (error) {
        if (error instanceof ReportRowsError) throw error;
        fail(`The report's result is not UTF-8 text (its last bytes).`);
      }
      if ((top as Top) !== Top.Done) fail(`The report's result ended early, after ${bytes} bytes (cut off before its closing “}”).`);
      if (headers === undefined && !sawRows) fail("The report's result has neither headers nor rows.");
      if (headers === undefined) {
        headers = [];
        await sink.onHeaders(headers);
        pending = early;
        early = [];
      }
      await flush();
      if (stopped && stoppedBy === undefined) stoppedBy = 'consumer';
    }
  } finally {
    if (!finished) await iterator.return?.();
  }
  return { headers: headers ?? [], rowCount, bytes, complete: finished && stoppedBy === undefined, ...(stoppedBy ? { stoppedBy } : {}) };
}
