import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { kindForStatus, summarizeErrorBody, textSnippet } from '../../src/platform/errorBodies';

// Copies of the real platform's published examples (the project's own fixtures).
const reference = join(__dirname, '..', 'fixtures', 'realPlatform');

describe('summarizeErrorBody', () => {
  it('reads every cloud example of the real platform', () => {
    const file = JSON.parse(readFileSync(join(reference, 'x-error-bodies.json'), 'utf8')) as {
      all_examples_from_error_handling_guide: Record<string, unknown>[];
    };
    for (const body of file.all_examples_from_error_handling_guide) {
      const s = summarizeErrorBody(body, []);
      assert.ok(s.message && s.message.length > 0, JSON.stringify(body));
      if (body.request_id) assert.equal(s.requestId, body.request_id);
    }
  });

  it('cloud ValidationError: field names from invalid_fields, not the Python dict text', () => {
    const s = summarizeErrorBody(
      {
        exception_class: 'ValidationError',
        message: "Validation Error: {'interfaces': ['Field required'], 'volumes': ['Field required']}",
        request_id: 'af999e5f3b091aad111442fff86b3658',
        invalid_fields: { interfaces: ['Field required'], volumes: ['Field required'] },
      },
      [],
    );
    assert.deepEqual(s.issues, [
      { path: 'interfaces', message: 'Field required' },
      { path: 'volumes', message: 'Field required' },
    ]);
    assert.equal(s.message, 'interfaces: Field required; volumes: Field required');
    assert.equal(s.requestId, 'af999e5f3b091aad111442fff86b3658');
  });

  it('edge and storage {error}', () => {
    assert.equal(summarizeErrorBody({ error: 'app not found' }, []).message, 'app not found');
  });

  it('identity {errors: {field: [..]}} and {message}', () => {
    const s = summarizeErrorBody({ errors: { email: ['Enter a valid email address.'] } }, []);
    assert.deepEqual(s.issues, [{ path: 'email', message: 'Enter a valid email address.' }]);
    assert.equal(s.message, 'email: Enter a valid email address.');
    assert.equal(summarizeErrorBody({ message: "JSON parse error - Expecting ',' delimiter" }, []).message, "JSON parse error - Expecting ',' delimiter");
  });

  it('protection profiles FastAPI {detail: [{loc, msg, type}]} and {detail: text}', () => {
    const s = summarizeErrorBody(
      {
        detail: [{ loc: ['body', 'fields', 0, 'value'], msg: 'Field required', type: 'missing' }],
      },
      [],
    );
    assert.deepEqual(s.issues, [{ path: 'fields[0].value', message: 'Field required' }]);
    assert.equal(summarizeErrorBody({ detail: 'Protection profile not found' }, []).message, 'Protection profile not found');
  });

  it('billing (Django REST) {field: [..]}', () => {
    const s = summarizeErrorBody({ template_code: ['This field may not be blank.'] }, []);
    assert.deepEqual(s.issues, [{ path: 'template_code', message: 'This field may not be blank.' }]);
  });

  it('returns nothing for bodies that are not objects', () => {
    assert.deepEqual(summarizeErrorBody('oops', []), { issues: [] });
    assert.deepEqual(summarizeErrorBody(null, []), { issues: [] });
  });
});

describe('textSnippet', () => {
  it('keeps an HTML page to its title', () => {
    assert.equal(textSnippet('<html><head><title>502 Bad Gateway</title></head><body><h1>Bad</h1></body></html>', []), '502 Bad Gateway');
  });
  it('strips tags and cuts at 200 characters', () => {
    const out = textSnippet(`<p>${'x'.repeat(500)}</p>`, []);
    assert.equal(out.length, 200);
    assert.ok(out.endsWith('…'));
  });
});

describe('kindForStatus', () => {
  it('maps statuses to kinds', () => {
    const table: [number, string][] = [
      [400, 'validation'],
      [401, 'unauthorized'],
      [403, 'forbidden'],
      [404, 'notFound'],
      [409, 'conflict'],
      [422, 'validation'],
      [429, 'rateLimited'],
      [500, 'server'],
      [502, 'server'],
      [503, 'server'],
    ];
    for (const [status, kind] of table) assert.equal(kindForStatus(status), kind, String(status));
  });
});
