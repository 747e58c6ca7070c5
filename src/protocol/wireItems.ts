// One log item as a message to the Function Logs page carries it: a line as a tuple, or a marker.
// The messages (logs.ts) carry them as lists of tuples or packed (packedItems.ts, which reads and
// writes these). Types and one guard: the webview bundle imports this file.

/** A line on the wire: [Time as sent, index in the pod table, Message]. */
export type WireLine = [time: string, pod: number, message: string];
/** A marker: where lines may be missing (`gap`), or how many older lines were dropped. */
export interface WireMarker {
  reason: 'gap' | 'dropped';
  text: string;
}
export type WireItem = WireLine | WireMarker;

export function isWireLine(item: WireItem): item is WireLine {
  return Array.isArray(item);
}
