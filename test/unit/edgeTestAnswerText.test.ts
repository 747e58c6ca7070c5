import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { answerText, bodyText, failedText, hexDump } from '../../src/features/edge/model/edgeTestAnswerText';
import type { TestAnswer } from '../../src/platform/edgeTestSend';

const request = { method: 'GET' as const, path: '/x', headers: [], body: '' };
const source = { label: 'App hello (id 101) on sim', url: 'https://hello.example/x' };
const answer = (body: Uint8Array | string, more: Partial<TestAnswer> = {}): TestAnswer => ({
  status: 200,
  statusText: 'OK',
  headers: [
    ['x-b', '2'],
    ['content-type', 'text/plain'],
  ],
  body: typeof body === 'string' ? Buffer.from(body) : body,
  cut: false,
  ms: 12,
  ...more,
});

describe("a test request's answer as a document", () => {
  it('says where it came from, the status, the time, the headers sorted by name and the body as text', () => {
    const text = answerText(answer('hello\nworld'), request, source, 1024 * 1024);
    assert.equal(
      text,
      [
        '# App hello (id 101) on sim',
        '# GET https://hello.example/x',
        '',
        '200 OK',
        'time: 12 ms · body: 11 bytes',
        '',
        'content-type: text/plain',
        'x-b: 2',
        '',
        'hello',
        'world',
        '',
      ].join('\n'),
    );
  });

  it('escapes what could hide or reorder text: bidi overrides, zero-width, escape sequences, in headers and body', () => {
    const text = answerText(answer('safe \u202egnp.exe\u200b', { headers: [['x-evil', 'a\u001b[31mred']], statusText: 'O\u202eK' }), request, source, 1024);
    assert.ok(text.includes('safe \\u202egnp.exe\\u200b'), text);
    assert.ok(!['\u202e', '\u200b', '\u001b'].some((c) => text.includes(c)));
    assert.ok(text.includes('200 O\\u202eK'));
  });

  it('shows a body that is not UTF-8 text (or holds control characters) as a hex dump, bounded', () => {
    assert.equal(bodyText(Buffer.from([0xff, 0xfe, 0x00])), undefined);
    assert.equal(bodyText(Buffer.from('a\u0000b')), undefined);
    assert.equal(bodyText(Buffer.from('tabs\tand\r\nlines')), 'tabs\tand\r\nlines');
    const text = answerText(answer(Buffer.from([0x00, 0x61, 0x73, 0x6d, 0x01])), request, source, 1024);
    assert.ok(text.includes('(not UTF-8 text: hex dump)\n00000000  00 61 73 6d 01'), text);
    assert.ok(text.includes('|.asm.|'));
    assert.match(hexDump(new Uint8Array(40), 16), /^00000000 {2}(00 ){15}00 {2}\|\.{16}\|\n… 24 more bytes not shown$/);
  });

  it('says a cut body and a redirect; a failure is its reason', () => {
    const cut = answerText(answer('x'.repeat(10), { cut: true, status: 302, statusText: 'Found' }), request, source, 1024 * 1024);
    assert.ok(cut.includes('body: 10 bytes shown, cut at 1024 KB (the rest was not read)'), cut);
    assert.ok(cut.includes('(a redirect: shown, not followed)'));
    assert.ok(answerText(answer(''), request, source, 1).includes('\n(no body)\n'));
    assert.match(failedText('the connection was refused (ECONNREFUSED)', request, source), /No answer: the connection was refused \(ECONNREFUSED\)\n$/);
  });
});
