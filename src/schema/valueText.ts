// A value read from the platform (or a command argument, or something thrown) as text: a scalar
// as String() writes it, an object or array as its JSON, never "[object Object]".

export function valueText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (value === null || value === undefined || value instanceof Error) return String(value);
  try {
    // Undefined for a function or symbol: its kind is all there is to say.
    return JSON.stringify(value) ?? typeof value;
  } catch {
    // A cycle or a bigint inside.
    return typeof value;
  }
}
