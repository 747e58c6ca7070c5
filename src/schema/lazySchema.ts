// A schema built when it is first used rather than as its module loads: building the API's few
// hundred zod schemas is most of the extension's load, and a view or a command needs only its own.
//
// The value stands in for the schema itself (same type): the first property read (a parse, a
// `.shape`, zod composing it into another schema) builds it, and every read after goes to it.

/** Where a lazy schema hands over the schema it stands for (real()). */
const REAL = Symbol('lazySchema.real');

let defined = 0;
let built = 0;

/** How many lazy schemas exist, and how many were built so far (a test checks that loading builds none). */
export function lazySchemaCounts(): { defined: number; built: number } {
  return { defined, built };
}

export function lazySchema<T extends object>(build: () => T): T {
  defined++;
  let made: T | undefined;
  const schema = (): T => {
    if (made === undefined) {
      made = build();
      built++;
    }
    return made;
  };
  return new Proxy({} as T, {
    get: (_, key) => (key === REAL ? schema() : Reflect.get(schema(), key)),
    has: (_, key) => Reflect.has(schema(), key),
    set: (_, key, value) => Reflect.set(schema(), key, value),
    getPrototypeOf: () => Reflect.getPrototypeOf(schema()),
  });
}

/**
 * The schema a lazy one stands for (built now); any other value as it is. A schema composed into
 * another holds the real one: zod's JSON Schema output and its metadata registry go by identity.
 */
export function real<T>(schema: T): T {
  return (schema as { [REAL]?: T } | null | undefined)?.[REAL] ?? schema;
}
