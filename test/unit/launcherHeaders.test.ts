import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { headerOffers } from '../../src/features/edge/model/launcherHeaders';

describe("test request headers offered from the FastEdge Launcher's files", () => {
  it("reads fastedge-config.test.json's request headers, .env's FASTEDGE_VAR_REQ_HEADER_ lines and .env.req_headers, the later file winning", () => {
    const offers = headerOffers({
      testConfig: JSON.stringify({ request: { method: 'GET', url: 'http://localhost/', headers: { 'x-from-config': 'c', 'X-Shared': 'config', n: 5 } } }),
      env: [
        'FASTEDGE_VAR_ENV_API_URL=https://api.example.com',
        'FASTEDGE_VAR_REQ_HEADER_X_Custom=value',
        'FASTEDGE_VAR_REQ_HEADER_x-shared="env"',
        'PLAIN=1',
      ].join('\n'),
      reqHeaders: '# a comment\nAccept=application/json\nX-Bad Name=1\nX-Line=a\\u0000\n',
    });
    assert.deepEqual(
      offers.map((o) => `${o.name}: ${o.value} (${o.from})`),
      [
        'x-from-config: c (fastedge-config.test.json)',
        'x-shared: env (.env)',
        'X_Custom: value (.env)',
        'Accept: application/json (.env.req_headers)',
        'X-Line: a\\u0000 (.env.req_headers)',
      ],
    );
  });

  it('offers nothing from a file it cannot read as such, and nothing the rules refuse', () => {
    assert.deepEqual(headerOffers({ testConfig: '{not json', env: 'FASTEDGE_VAR_REQ_HEADER_Host=evil\nFASTEDGE_VAR_REQ_HEADER_=x' }), []);
    assert.deepEqual(headerOffers({ testConfig: 'null' }), []);
    assert.deepEqual(headerOffers({}), []);
  });
});
