// The one check ctx.registerBoundCommand makes of a command's arguments before its handler runs
// (#54): a row listed on another connection than the one bound is found, whichever argument holds
// it (the row clicked, or one of the rows selected), and refused in one wording.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { listedElsewhereText, rowListedElsewhere, type ListedOn } from '../../src/ui/listedOn';

class Row implements ListedOn {
  constructor(readonly listedOn: string | undefined) {}
}

/** A row class whose connection is read through a getter (the Cloud rows and the profile children). */
class ChildRow implements ListedOn {
  constructor(private readonly parent: Row) {}
  get listedOn(): string | undefined {
    return this.parent.listedOn;
  }
}

describe('a row listed on another connection', () => {
  it('a row of the bound connection, or no row at all, passes', () => {
    assert.equal(rowListedElsewhere([new Row('a')], 'a'), undefined);
    assert.equal(rowListedElsewhere([new ChildRow(new Row('a'))], 'a'), undefined);
    assert.equal(rowListedElsewhere([], 'a'), undefined);
    // The palette, a test or another command hand in ids and plain objects: not rows.
    assert.equal(rowListedElsewhere([42, 'text', undefined, null, { connectionId: 'b', uuid: 'x' }, { cloudTarget: { connectionId: 'b' } }], 'a'), undefined);
  });

  it('a row listed on another connection is found, in any argument and in the selection', () => {
    const elsewhere = new Row('b');
    assert.equal(rowListedElsewhere([elsewhere], 'a'), elsewhere);
    assert.equal(rowListedElsewhere([new ChildRow(elsewhere)], 'a')?.listedOn, 'b');
    assert.equal(rowListedElsewhere([undefined, elsewhere], 'a'), elsewhere, 'a second argument');
    assert.equal(rowListedElsewhere([new Row('a'), [new Row('a'), elsewhere]], 'a'), elsewhere, 'one of the rows selected');
    assert.equal(rowListedElsewhere([{ listedOn: 'b' }], 'a')?.listedOn, 'b', 'any object of the shape');
  });

  it('a row listed while the view showed no connection matches none', () => {
    assert.ok(rowListedElsewhere([new Row(undefined)], 'a'));
  });

  it('something that only looks like the shape is not a row', () => {
    assert.equal(rowListedElsewhere([{ listedOn: 7 }], 'a'), undefined);
    assert.equal(rowListedElsewhere([{ listedOn: { id: 'b' } }], 'a'), undefined);
  });

  it('one wording: nothing sent, the connection it was listed on when known, what the view shows now', () => {
    assert.equal(
      listedElsewhereText('account-b', 'account-a'),
      'Nothing was sent: that row was listed on another connection (account-a); the view now shows account-b.',
    );
    assert.equal(listedElsewhereText('account-b'), 'Nothing was sent: that row was listed on another connection; the view now shows account-b.');
  });
});
