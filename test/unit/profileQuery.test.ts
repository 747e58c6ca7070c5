// The Protection Profiles view's query: filters, order_by both ways (and the simulator reading it
// the same way), the description, the empty message, what is remembered, paging.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import {
  buildOrderBy,
  clientFilterProblem,
  describeFilters,
  emptyMessage,
  filtersStateKey,
  isFiltered,
  listQuery,
  loadMoreLabel,
  nameFilterProblem,
  nextShown,
  shownFor,
  hidingFilter,
  parseOrderBy,
  restoreFilters,
  shownText,
  SORT_FIELDS,
  staleFilterKeys,
  storedFilters,
  type SortKey,
} from '../../src/features/profiles/model/profileQuery';
import { createPlatformApi, type PlatformApi } from '../../src/platform/api';
import { HttpClient } from '../../src/platform/http';
import { startSimulator, type Simulator } from '../../simulator/index';

const sortKeys = fc
  .uniqueArray(fc.constantFrom(...SORT_FIELDS), { maxLength: SORT_FIELDS.length })
  .chain((fields) => fc.tuple(...fields.map((field) => fc.boolean().map((descending): SortKey => ({ field, descending })))));

describe('profile list query', () => {
  it('order_by: comma-separated fields, a leading "-" for descending; nothing for the default order', () => {
    assert.equal(buildOrderBy([]), undefined);
    assert.equal(
      buildOrderBy([
        { field: 'created_at', descending: false },
        { field: 'name', descending: false },
      ]),
      'created_at,name',
    );
    assert.equal(
      buildOrderBy([
        { field: 'name', descending: true },
        { field: 'created_at', descending: false },
      ]),
      '-name,created_at',
    );
  });

  it('order_by reads back what it writes, for every combination', () => {
    fc.assert(fc.property(sortKeys, (keys) => assert.deepEqual(parseOrderBy(buildOrderBy(keys)), keys)));
  });

  it('order_by text the view does not know (another field, a field twice) reads as undefined', () => {
    assert.deepEqual(parseOrderBy(' -created_at , name '), [
      { field: 'created_at', descending: true },
      { field: 'name', descending: false },
    ]);
    assert.equal(parseOrderBy('id'), undefined);
    assert.equal(parseOrderBy('name,-name'), undefined);
    assert.deepEqual(parseOrderBy(''), []);
  });

  it('the query sends only what is set', () => {
    assert.deepEqual(listQuery({ sort: [] }), {});
    assert.deepEqual(listQuery({ name: 'web', clientId: 3, sort: [{ field: 'name', descending: true }] }), { name: 'web', client_id: 3, order_by: '-name' });
  });

  it('the description names each filter and the order; the empty message names the filters', () => {
    assert.equal(describeFilters({ sort: [] }), '');
    assert.equal(describeFilters({ name: 'x', sort: [] }), "name ~ 'x'");
    assert.equal(
      describeFilters({
        name: 'web',
        clientId: 3,
        sort: [
          { field: 'name', descending: false },
          { field: 'created_at', descending: true },
        ],
      }),
      "name ~ 'web' · client 3 · by name ↑, created ↓",
    );
    assert.equal(emptyMessage({ name: 'x', sort: [] }), "No profiles match name ~ 'x'");
    assert.equal(emptyMessage({ name: 'x', clientId: 7, sort: [] }), "No profiles match name ~ 'x' and client 7");
    assert.equal(emptyMessage({ sort: [{ field: 'name', descending: false }] }), 'No protection profiles on this connection');
    assert.equal(isFiltered({ sort: [{ field: 'name', descending: false }] }), false, 'an order alone is not a filter');
    assert.equal(isFiltered({ clientId: 1, sort: [] }), true);
  });

  it('filters as typed: name at most 255 characters; client a whole number 1..1e9, empty for none', () => {
    assert.equal(nameFilterProblem(''), undefined);
    assert.equal(nameFilterProblem('x'.repeat(255)), undefined);
    assert.equal(nameFilterProblem('x'.repeat(256)), 'Name filter: must be at most 255 characters');
    assert.equal(clientFilterProblem(''), undefined);
    assert.equal(clientFilterProblem(' 1 '), undefined);
    assert.equal(clientFilterProblem('1000000000'), undefined);
    assert.equal(clientFilterProblem('1000000001'), 'Client ID: must be at most 1000000000');
    assert.equal(clientFilterProblem('0'), 'Client ID: must be at least 1');
    assert.equal(clientFilterProblem('-4'), 'Client ID: must be a whole number between 1 and 1000000000');
    assert.equal(clientFilterProblem('1.5'), 'Client ID: must be a whole number between 1 and 1000000000');
    assert.equal(clientFilterProblem('abc'), 'Client ID: must be a whole number between 1 and 1000000000');
  });

  it('remembered per connection as plain JSON; what does not fit is dropped on the way back', () => {
    assert.equal(filtersStateKey('c-1'), 'platformConsole.protectionProfiles.filters.c-1');
    const filters = { name: 'web', clientId: 3, sort: [{ field: 'name' as const, descending: true }] };
    assert.deepEqual(restoreFilters(JSON.parse(JSON.stringify(storedFilters(filters)))), filters);
    assert.deepEqual(restoreFilters(undefined), { sort: [] });
    assert.deepEqual(restoreFilters({ name: 'x'.repeat(300), clientId: 0, orderBy: 'id' }), { sort: [] });
    assert.deepEqual(restoreFilters({ name: 42, clientId: '3', orderBy: 7 }), { sort: [] });
    const keys = [filtersStateKey('a'), filtersStateKey('b'), 'platformConsole.edge.pins.b', 'other'];
    assert.deepEqual(staleFilterKeys(keys, ['a']), [filtersStateKey('b')], "a signed-out connection's filters go");
  });

  it('paging: 200 at a time; Load more says how many are left where the total is known, as every long list does', () => {
    assert.equal(nextShown(10_000, 200, 200), 400);
    assert.equal(nextShown(250, 200, 200), 250);
    assert.equal(loadMoreLabel(10_000, 200), 'Load more (9,800 more)');
    assert.equal(loadMoreLabel(250, 200), 'Load more (50 more)');
    assert.equal(loadMoreLabel(undefined, 200), 'Load more', 'a server that sends no count');
    assert.equal(shownText(10_000, 200), '200 of 10,000 shown');
    assert.equal(shownText(undefined, 1200), '1,200 shown');
  });

  it('Go to… on a list held whole shows whole pages up to the row; a row already shown changes nothing', () => {
    assert.equal(shownFor(10, 200, 200, 2300), 200);
    assert.equal(shownFor(200, 200, 200, 2300), 400);
    assert.equal(shownFor(1999, 200, 200, 2300), 2000);
    assert.equal(shownFor(2299, 400, 200, 2300), 2300);
  });

  it("tells which of the view's filters hides a profile: the client exactly, the name in any case", () => {
    const p = { name: 'Web Server Shield Paris', client_id: 3 };
    assert.equal(hidingFilter({ sort: [] }, p), undefined);
    assert.equal(hidingFilter({ name: 'server', clientId: 3, sort: [] }, p), undefined);
    assert.equal(hidingFilter({ name: 'mail', sort: [] }, p), "name ~ 'mail'");
    assert.equal(hidingFilter({ name: 'web', clientId: 4, sort: [] }, p), 'client 4');
    assert.equal(hidingFilter({ name: 'mail', clientId: 4, sort: [] }, p), "name ~ 'mail' and client 4");
    assert.equal(hidingFilter({ clientId: 4, sort: [] }, { name: null, client_id: null }), 'client 4', 'a common profile');
  });
});

describe('profile list query against the simulator', () => {
  let sim: Simulator;
  let api: PlatformApi;
  before(async () => {
    sim = await startSimulator({ apiKey: 'profile-query-key' });
    api = createPlatformApi(new HttpClient({ baseUrl: sim.url, apiKey: 'profile-query-key' }));
  });
  after(() => sim.close());

  const sortedBy = (list: { name?: string | null; created_at?: string | null }[], keys: SortKey[]) => {
    for (let i = 1; i < list.length; i++) {
      for (const { field, descending } of keys) {
        const a = list[i - 1]![field]!;
        const b = list[i]![field]!;
        if (a === b) continue;
        assert.ok(descending ? a > b : a < b, `row ${i} out of order by ${field}${descending ? ' desc' : ''}: ${a} / ${b}`);
        break;
      }
    }
  };

  it('every order the view can ask for is understood, and the rows come back in that order', async () => {
    const combos: SortKey[][] = [
      [{ field: 'created_at', descending: false }],
      [{ field: 'created_at', descending: true }],
      [
        { field: 'name', descending: false },
        { field: 'created_at', descending: true },
      ],
      [
        { field: 'name', descending: true },
        { field: 'created_at', descending: false },
      ],
    ];
    for (const sort of combos) {
      const list = await api.security.listProtectionProfiles({ params: {}, query: listQuery({ sort }) });
      assert.equal(list.length, 250);
      sortedBy(list, sort);
    }
  });

  it('the name and client filters narrow the list on the server', async () => {
    const list = await api.security.listProtectionProfiles({ params: {}, query: listQuery({ name: 'gateway', clientId: 1, sort: [] }) });
    assert.ok(list.length > 0);
    for (const p of list) {
      assert.match(p.name ?? '', /gateway/i);
      assert.equal(p.client_id, 1);
    }
  });
});
