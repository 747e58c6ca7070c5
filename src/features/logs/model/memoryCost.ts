// What one held log line may cost each process, as platformConsole.logs.maxMemoryMB counts it
// (logMemory.ts): the extension host holds it in heldLines.ts's arena and columns, the page as a
// row of its RowStore. Measured in Node: the page about 200 bytes a row besides the text, the
// host exactly its arena and columns (heldLines.ts byteSize).

/** A new arena is this many times the live text (plus what is added): its slack, which the budget counts. */
export const ARENA_GROWTH = 1.25;

/**
 * Bytes a held row counts for against platformConsole.logs.maxMemoryMB besides its text: in the
 * page its row object, the time as a string and its place in the shown list,
 * in the extension host its 28 bytes of columns, whose capacity grows by half.
 */
export const ROW_OVERHEAD = 224;

/**
 * What one held row of `bytes` of UTF-8 text (`units` UTF-16 code units) may cost either process:
 * the page holds its text as a string of one byte a character when it is ASCII (as many bytes as
 * units), else up to two; the extension host holds the UTF-8 in an arena up to ARENA_GROWTH times
 * the live text. The larger of the two, so that both stay inside the budget.
 */
export function accountedBytes(bytes: number, units: number): number {
  const page = (bytes === units ? units : 2 * units) + ROW_OVERHEAD;
  const host = Math.ceil(ARENA_GROWTH * bytes) + 42;
  return Math.max(page, host);
}
