import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { addPins, edgePinsKey, emptyPins, parseEdgeIds, pinCount, readPins, removePin } from '../../src/features/edge/model/edgePins';
import { positiveId } from '../../src/schema/schemaKit';

describe('edge pins', () => {
  it('ids: positive whole numbers up to 2^53-1, one or several', () => {
    assert.deepEqual(parseEdgeIds('101', 'App ID'), { ids: [101] });
    assert.deepEqual(parseEdgeIds(' 101, 102 103,,101 ', 'App ID'), { ids: [101, 102, 103] });
    assert.deepEqual(parseEdgeIds('#201', 'Client ID'), { ids: [201] });
    assert.deepEqual(parseEdgeIds('9007199254740991', 'App ID'), { ids: [Number.MAX_SAFE_INTEGER] });
    assert.deepEqual(parseEdgeIds('', 'App ID'), { problem: 'App ID: must not be empty' });
    assert.deepEqual(parseEdgeIds('  ', 'App ID'), { problem: 'App ID: must not be empty' });
    assert.deepEqual(parseEdgeIds('0', 'App ID'), { problem: 'App ID: must be at least 1' });
    assert.deepEqual(parseEdgeIds('-5', 'App ID'), { problem: 'App ID: must be a positive whole number' });
    assert.deepEqual(parseEdgeIds('1.5', 'App ID'), { problem: 'App ID: must be a positive whole number' });
    assert.deepEqual(parseEdgeIds('1e3', 'App ID'), { problem: 'App ID: must be a positive whole number' });
    assert.deepEqual(parseEdgeIds('abc', 'Template ID'), { problem: 'Template ID: must be a positive whole number' });
    assert.deepEqual(parseEdgeIds('9007199254740992', 'App ID'), { problem: 'App ID: must be at most 9007199254740991' });
    assert.deepEqual(parseEdgeIds('99999999999999999999', 'App ID'), { problem: 'App ID: must be at most 9007199254740991' });
    assert.deepEqual(parseEdgeIds('101, x', 'App ID'), { problem: 'App ID: "x" must be a positive whole number' });
  });

  it('every id the parser accepts is one the client accepts, and the other way round', () => {
    fc.assert(
      fc.property(fc.oneof(fc.bigInt({ min: -10n, max: 2n ** 54n }).map(String), fc.string()), (text) => {
        const parsed = parseEdgeIds(text, 'ID');
        if ('ids' in parsed) for (const id of parsed.ids) assert.ok(positiveId().safeParse(id).success, `${id} from ${JSON.stringify(text)}`);
        else if (/^\d+$/.test(text.trim()))
          assert.equal(positiveId().safeParse(Number(text.trim())).success && Number.isSafeInteger(Number(text.trim())), false);
      }),
    );
  });

  it('add keeps order, reports ids already pinned, never duplicates', () => {
    const first = addPins(emptyPins(), 'app', [101, 102]);
    assert.deepEqual(first.pins.app, [101, 102]);
    assert.deepEqual(first.added, [101, 102]);
    const second = addPins(first.pins, 'app', [102, 105, 105]);
    assert.deepEqual(second.pins.app, [101, 102, 105]);
    assert.deepEqual(second.added, [105]);
    assert.deepEqual(second.already, [102]);
    assert.deepEqual(first.pins.app, [101, 102], 'the input is not changed');
    assert.deepEqual(second.pins.client, []);
    assert.equal(pinCount(addPins(second.pins, 'client', [201]).pins), 4);
  });

  it('remove drops one id of one kind', () => {
    let pins = addPins(emptyPins(), 'app', [101, 102]).pins;
    pins = addPins(pins, 'template', [101]).pins;
    const after = removePin(pins, 'app', 101);
    assert.deepEqual(after.app, [102]);
    assert.deepEqual(after.template, [101]);
    assert.deepEqual(removePin(after, 'client', 9), after);
  });

  it('stored pins are read leniently and keyed by connection id', () => {
    assert.deepEqual(readPins(undefined), emptyPins());
    assert.deepEqual(readPins('junk'), emptyPins());
    assert.deepEqual(readPins({ app: [101, '102', -1, 0, 1.5, 101, 2 ** 60], client: 'x', template: [301] }), { client: [], app: [101], template: [301] });
    assert.equal(edgePinsKey('abc-123'), 'platformConsole.edge.pins.abc-123');
  });
});
