// An edge app's log line as held: its message starts with the entry's client IP and request id
// ("-" when the platform gave none), so one held line keeps all of it (export, copy, the filter
// find them) and the page can show the two as chips before the text. No DOM, no vscode.

const EMPTY = '-';
/** Cut so that one odd value cannot crowd out the text (an IPv6 address is at most 45 characters). */
const PART_MAX = 64;

const part = (value: string) => (value.trim() ? value.trim().replace(/\s+/g, '_').slice(0, PART_MAX) : EMPTY);

export function edgeLineMessage(clientIp: string, requestId: string, text: string): string {
  return `${part(clientIp)} ${part(requestId)} ${text}`;
}

/** The parts of a held edge line's message; undefined when it is not in that form (a marker). */
export function edgeLineParts(message: string): { clientIp: string; requestId: string; text: string } | undefined {
  const first = message.indexOf(' ');
  const second = first < 0 ? -1 : message.indexOf(' ', first + 1);
  if (first <= 0 || second <= first + 1) return undefined;
  const clientIp = message.slice(0, first);
  const requestId = message.slice(first + 1, second);
  return { clientIp: clientIp === EMPTY ? '' : clientIp, requestId: requestId === EMPTY ? '' : requestId, text: message.slice(second + 1) };
}

/** The request id as a chip shows it: its first 8 characters (the whole on hover and in the details). */
export function requestChip(requestId: string): string {
  return requestId.length > 10 ? `${requestId.slice(0, 8)}…` : requestId;
}
