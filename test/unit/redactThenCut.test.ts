// Issue #37 item 6, "redact, then cut": whatever the server sends back (a body that is not JSON,
// a Location, a cloud traceback) is scrubbed of the key before it is shortened, so a cut can never
// leave the start of a key behind. Property tests over random keys (lengths, alphabets, the
// URL-encoded and base64 forms redact knows), random places in random text, and random cut points;
// seeded, so a failure is the same failure on every run.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { HttpClient } from '../../src/platform/http';
import { summarizeErrorBody, textSnippet } from '../../src/platform/errorBodies';
import { redact, redactedCut } from '../../src/platform/redact';
import { endpoints } from '../../src/schema/endpoints';
import { PlatformError } from '../../src/schema/errors';
import { rejection } from '../support/rejection';

const SEED = 37;
/** The bound: no 6 or more characters of the start of a key survive. */
const KEY_PREFIX_MIN = 6;
const RUNS = 300;

/** The forms of a key redact knows: as typed, URL-encoded, base64. */
function forms(key: string): string[] {
  return [...new Set([key, encodeURIComponent(key), Buffer.from(key).toString('base64')])];
}

/** Every place in `text` where 6 or more characters are the start of the key or of one of its forms. */
function keyStarts(text: string, key: string): string[] {
  const found: string[] = [];
  for (const form of forms(key)) {
    if (form.length < KEY_PREFIX_MIN) continue;
    const head = form.slice(0, KEY_PREFIX_MIN);
    for (let at = text.indexOf(head); at !== -1; at = text.indexOf(head, at + 1)) {
      let end = at + KEY_PREFIX_MIN;
      while (end < text.length && end - at < form.length && text[end] === form[end - at]) end++;
      found.push(JSON.stringify(text.slice(at, end)));
    }
  }
  return found;
}

const HEX = '0123456789abcdef';
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** Every character a key may hold (apiKeyProblem: visible ASCII). */
const VISIBLE = Array.from({ length: 0x7e - 0x21 + 1 }, (_, i) => String.fromCharCode(0x21 + i)).join('');
const chars = (alphabet: string) => fc.constantFrom(...alphabet.split(''));

/** Keys as people have them: hex tokens, base62, the platform's `<id>$<hex>`, anything visible. */
const keyArb = fc.oneof(
  fc.string({ unit: chars(HEX), minLength: 16, maxLength: 80 }),
  fc.string({ unit: chars(ALNUM), minLength: 6, maxLength: 64 }),
  fc.tuple(fc.integer({ min: 1, max: 999_999 }), fc.string({ unit: chars(HEX), minLength: 32, maxLength: 64 })).map(([id, hex]) => `${id}$${hex}`),
  fc.string({ unit: chars(VISIBLE), minLength: 4, maxLength: 48 }),
);
/** The form of the key the server echoes. */
const formArb = fc.constantFrom<(key: string) => string>(
  (k) => k,
  (k) => encodeURIComponent(k),
  (k) => Buffer.from(k).toString('base64'),
);
/** Text around it: ASCII with tags and spaces, or any Unicode. */
const textArb = (maxLength: number) => fc.oneof(fc.string({ maxLength, size: 'max' }), fc.string({ unit: 'grapheme', maxLength, size: 'max' }));
/** Text of exactly `length` characters (long fillers: tracebacks are cut at 8,000). */
const fillerArb = (min: number, max: number) =>
  fc
    .tuple(fc.integer({ min, max }), fc.string({ minLength: 1, maxLength: 40 }))
    .map(([length, unit]) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length));

/**
 * The case is about the cut: the uncut text, redacted, has no start of the key left (random text
 * that happens to hold one by itself, `aaaaaa` around a key `aaaaaaaa`, is not what is tested).
 */
const clean = (text: string, key: string) => keyStarts(redact(text, [key]), key).length === 0;

function client(key: string, answer: () => Response) {
  return new HttpClient({ baseUrl: 'https://api.example.test', apiKey: key, fetch: async () => answer(), sleep: async () => {}, maxRetries: 0 });
}

function assertNoKeyStart(what: string, texts: readonly (string | undefined)[], key: string): void {
  for (const text of texts) {
    if (text === undefined) continue;
    const left = keyStarts(text, key);
    assert.deepEqual(left, [], `${what}: the start of the key ${JSON.stringify(key)} is left in ${JSON.stringify(text.slice(0, 300))}`);
  }
}

describe('redact, then cut: no cut leaves the start of a key (issue #37 item 6)', () => {
  it("a body that is not JSON (the server's 200-character snippet in the error)", async () => {
    await fc.assert(
      fc.asyncProperty(keyArb, formArb, textArb(400), textArb(200), fc.constantFrom(200, 500, 502), async (key, form, before, after, status) => {
        const body = `${before}${form(key)}${after}`;
        fc.pre(clean(body, key));
        const error = await rejection(
          client(key, () => new Response(body, { status, headers: { 'content-type': 'text/plain' } })).call(endpoint(), { params: {} }),
        );
        assertNoKeyStart(`HTTP ${status}`, [error.message, error.serverMessage, error.logDetail], key);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('a Location the client does not follow', async () => {
    await fc.assert(
      fc.asyncProperty(keyArb, formArb, textArb(400), textArb(100), async (key, form, before, after) => {
        const location = `https://elsewhere.example/${before}?apikey=${form(key)}${after}`;
        fc.pre(clean(location, key));
        // A Location header holds Latin-1 only; what does not fit is not what a server could send.
        fc.pre([...location].every((c) => c.charCodeAt(0) < 0x100 && c !== '\r' && c !== '\n' && c !== '\0'));
        const error = await rejection(client(key, () => new Response(null, { status: 302, headers: { location } })).call(endpoint(), { params: {} }));
        assert.equal(error.kind, 'badResponse');
        assertNoKeyStart('redirect', [error.message], key);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('a cloud traceback (kept to 8,000 characters for the log)', async () => {
    await fc.assert(
      fc.asyncProperty(keyArb, formArb, fillerArb(7900, 8010), textArb(100), async (key, form, before, after) => {
        const traceback = `Traceback (most recent call last):\n${before}${form(key)}${after}`;
        fc.pre(clean(traceback, key));
        const body = JSON.stringify({ exception_class: 'InternalServerError', message: 'HTTP 500', request_id: 'r', traceback });
        const error = await rejection(
          client(key, () => new Response(body, { status: 500, headers: { 'content-type': 'application/json' } })).call(endpoint(), { params: {} }),
        );
        assert.ok(error.logDetail, 'the traceback is kept for the log');
        assertNoKeyStart('traceback', [error.message, error.logDetail], key);
      }),
      { seed: SEED, numRuns: 100 },
    );
  });

  it('a success answer that is not JSON (the snippet in "not JSON: …")', async () => {
    await fc.assert(
      fc.asyncProperty(keyArb, formArb, textArb(400), textArb(100), async (key, form, before, after) => {
        const body = `${before}${form(key)}${after}`;
        fc.pre(clean(body, key) && !isJson(body));
        const error = await rejection(client(key, () => new Response(body, { status: 200 })).call(endpoint(), { params: {} }));
        assert.equal(error.kind, 'badResponse');
        assertNoKeyStart('not JSON', [error.message], key);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('redactedCut, textSnippet and summarizeErrorBody at any cut length', () => {
    fc.assert(
      fc.property(keyArb, formArb, textArb(300), textArb(300), fc.integer({ min: 1, max: 700 }), (key, form, before, after, max) => {
        const text = `${before}${form(key)}${after}`;
        fc.pre(clean(text, key));
        const cut = redactedCut(text, max, [key]);
        assert.ok(cut.length <= max, `at most ${max} characters: ${cut.length}`);
        assertNoKeyStart(`redactedCut at ${max}`, [cut], key);
        assertNoKeyStart(`textSnippet at ${max}`, [textSnippet(text, [key], max)], key);
        assertNoKeyStart('summarizeErrorBody', [summarizeErrorBody({ message: 'm', traceback: text }, [key]).traceback], key);
      }),
      { seed: SEED, numRuns: 1000 },
    );
  });

  it('a key the server itself cut (it echoed only the start of it) is not left either', () => {
    const key = '48213$9f1c2e7a5b3d4c6e8f0a1b2c3d4e5f60';
    const cutAnswer = `token ${key.slice(0, 15)}\n… (answer cut at 4,000 characters)`;
    for (const echoed of [`invalid key ${key.slice(0, 12)}…`, `invalid key ${key.slice(0, 9)}...`, `token=${key.slice(0, 20)}`, cutAnswer]) {
      assert.deepEqual(keyStarts(redact(echoed, [key]), key), [], echoed);
    }
    // Not at a cut, text is left alone: a connection named like the start of its key stays readable.
    assert.equal(redact('API key rejected for revoked. Sign in again.', ['revoked-key-000']), 'API key rejected for revoked. Sign in again.');
  });

  it('a key across the 200-character cut: the key goes, then the text is cut (before: "…xxxa1b2…")', async () => {
    const key = 'a1b2c3d4e5f6a7b8c9d0';
    const body = `${'x'.repeat(195)}${key} trailing`;
    const error = await rejection(client(key, () => new Response(body, { status: 500 })).call(endpoint(), { params: {} }));
    assert.ok(error instanceof PlatformError);
    assert.equal(error.message, `Server error (HTTP 500): ${'x'.repeat(195)}*** …`);
  });
});

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** A GET whose answer is a JSON object, so a body that is not JSON is a bad answer. */
function endpoint() {
  return endpoints.getEdgeAccount;
}
