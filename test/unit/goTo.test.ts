import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { SearchFound } from '../../src/ui/flowUi';
import { goToPrompt, type GoToPage } from '../../src/ui/goTo';

type Row = { id: number; name: string };
const rows = Array.from({ length: 2500 }, (_, i) => ({ id: i + 1, name: `row-${i + 1}` }));
const item = (r: Row) => ({ label: r.name, description: `ID ${r.id}`, value: r });

async function all<T>(found: AsyncIterable<SearchFound<T>>): Promise<SearchFound<T>[]> {
  const seen: SearchFound<T>[] = [];
  for await (const f of found) seen.push(f);
  return seen;
}

describe('Go to…', () => {
  it('reads the whole list a page at a time, saying how far it has read', async () => {
    const offsets: number[] = [];
    const page = async (offset: number): Promise<GoToPage<Row>> => {
      offsets.push(offset);
      return { items: rows.slice(offset, offset + 1000), total: rows.length, more: offset + 1000 < rows.length };
    };
    const prompt = goToPrompt({ title: 'Go to Row', noun: 'rows', item, page });
    assert.equal(prompt.server, false);
    const seen = await all(prompt.find('', new AbortController().signal));
    assert.deepEqual(offsets, [0, 1000, 2000]);
    assert.deepEqual(
      seen.map((f) => [f.items.length, f.message]),
      [
        [1000, '1,000 of 2,500 read…'],
        [2000, '2,000 of 2,500 read…'],
        [2500, '2,500 of 2,500 read'],
      ],
    );
  });

  it('stops reading when the pick closes (its signal aborted)', async () => {
    const controller = new AbortController();
    let asked = 0;
    const page = async (offset: number): Promise<GoToPage<Row>> => {
      asked++;
      if (asked === 2) controller.abort();
      return { items: rows.slice(offset, offset + 100), total: rows.length, more: true };
    };
    const seen = await all(goToPrompt({ title: 'Go to Row', noun: 'rows', item, page }).find('', controller.signal));
    assert.equal(asked, 2);
    assert.equal(seen.length, 1, 'nothing yielded after the abort');
  });

  it('a failed page ends the read with what was read and the reason, and the error for the log', async () => {
    const boom = new Error('HTTP 503');
    const page = async (offset: number): Promise<GoToPage<Row>> => {
      if (offset > 0) throw boom;
      return { items: rows.slice(0, 100), more: true };
    };
    const seen = await all(goToPrompt({ title: 'Go to Row', noun: 'rows', item, page }).find('', new AbortController().signal));
    assert.equal(seen.at(-1)?.items.length, 100);
    assert.equal(seen.at(-1)?.message, '100 read, then: HTTP 503');
    assert.equal(seen.at(-1)?.error, boom);
  });

  it('asks the server for what is typed where it searches, and says when there are more matches than shown', async () => {
    const asked: string[] = [];
    const search = async (text: string): Promise<GoToPage<Row>> => {
      asked.push(text);
      const found = rows.filter((r) => r.name.includes(text));
      return { items: found.slice(0, 100), total: found.length, more: found.length > 100 };
    };
    const prompt = goToPrompt({ title: 'Go to Row', noun: 'rows', item, search });
    assert.equal(prompt.server, true);
    const [few] = await all(prompt.find(' row-250 ', new AbortController().signal));
    assert.deepEqual(asked, ['row-250']);
    assert.deepEqual(
      few?.items.map((i) => i.label),
      ['row-250', 'row-2500'],
    );
    assert.equal(few?.message, undefined);
    const [many] = await all(prompt.find('row-1', new AbortController().signal));
    assert.equal(many?.message, '100 of 1,111 found: type more to narrow');
    const [none] = await all(prompt.find('nothing', new AbortController().signal));
    assert.equal(none?.message, 'no rows found');
  });
});
