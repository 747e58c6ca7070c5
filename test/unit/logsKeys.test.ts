// The Function Logs list by keyboard: where each key takes the active row, what the page's own keys
// do, the scroll that shows a row, and what the live region says.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { keyTarget, listKeyAction, pageKeyCommand, scrollToShow, spokenStatus, type KeyPress } from '../../webview/logs/listKeys';

const press = (key: string, mods: Partial<KeyPress> = {}): KeyPress => ({ key, shiftKey: false, ctrlKey: false, metaKey: false, altKey: false, ...mods });

describe('log list keys', () => {
  it('arrows move by one, pages by a view less one row, Home and End to the ends, clamped to the list', () => {
    assert.equal(keyTarget('ArrowDown', 5, 100, 20), 6);
    assert.equal(keyTarget('ArrowUp', 5, 100, 20), 4);
    assert.equal(keyTarget('PageDown', 5, 100, 20), 24);
    assert.equal(keyTarget('PageUp', 30, 100, 20), 11);
    assert.equal(keyTarget('PageUp', 5, 100, 20), 0);
    assert.equal(keyTarget('PageDown', 90, 100, 20), 99);
    assert.equal(keyTarget('ArrowDown', 99, 100, 20), 99);
    assert.equal(keyTarget('ArrowUp', 0, 100, 20), 0);
    assert.equal(keyTarget('Home', 50, 100, 20), 0);
    assert.equal(keyTarget('End', 50, 100, 20), 99);
    assert.equal(keyTarget('PageDown', 0, 100, 1), 1, 'a page of at least one row');
    assert.equal(keyTarget('x', 5, 100, 20), undefined);
    assert.equal(keyTarget('ArrowDown', 0, 0, 20), undefined, 'an empty list takes no key');
  });

  it('the first key lands on the row in view; then keys move from the active row; Shift extends, Space toggles', () => {
    assert.deepEqual(listKeyAction(press('ArrowDown'), undefined, 40, 100, 20), { position: 40, extend: false, toggle: false });
    assert.deepEqual(
      listKeyAction(press('ArrowDown'), undefined, 140, 100, 20),
      { position: 99, extend: false, toggle: false },
      'a top past the end is the last row',
    );
    assert.deepEqual(listKeyAction(press('End'), undefined, 40, 100, 20), { position: 99, extend: false, toggle: false });
    assert.deepEqual(listKeyAction(press('Home', { ctrlKey: true }), undefined, 40, 100, 20), { position: 0, extend: false, toggle: false });
    assert.deepEqual(listKeyAction(press('ArrowDown', { shiftKey: true }), 41, 40, 100, 20), { position: 42, extend: true, toggle: false });
    assert.deepEqual(listKeyAction(press(' '), 41, 40, 100, 20), { position: 41, extend: false, toggle: true });
    assert.equal(listKeyAction(press(' '), undefined, 40, 100, 20), undefined, 'Space before any row is active does nothing');
    assert.equal(listKeyAction(press('End', { ctrlKey: true }), 41, 40, 100, 20), undefined, 'Ctrl+End is the page’s: to the newest, following');
    assert.equal(listKeyAction(press('ArrowDown', { altKey: true }), 41, 40, 100, 20), undefined);
    assert.equal(listKeyAction(press('c', { ctrlKey: true }), 41, 40, 100, 20), undefined);
    assert.equal(listKeyAction(press('ArrowDown'), undefined, 0, 0, 20), undefined);
  });

  it("the page's keys: Ctrl+F (or Cmd+F) from anywhere; copy, select all, Escape and Ctrl+End outside text fields", () => {
    assert.equal(pageKeyCommand(press('f', { ctrlKey: true }), false), 'filter');
    assert.equal(pageKeyCommand(press('F', { metaKey: true }), true), 'filter', 'also from inside a field');
    assert.equal(pageKeyCommand(press('c', { ctrlKey: true }), false), 'copy');
    assert.equal(pageKeyCommand(press('c', { ctrlKey: true }), true), undefined, 'a field copies its own text');
    assert.equal(pageKeyCommand(press('a', { metaKey: true }), false), 'selectAll');
    assert.equal(pageKeyCommand(press('Escape'), false), 'escape');
    assert.equal(pageKeyCommand(press('End', { ctrlKey: true }), false), 'newest');
    assert.equal(pageKeyCommand(press('End'), false), undefined);
    assert.equal(pageKeyCommand(press('f'), false), undefined);
  });

  it('scrolls as little as shows the active row whole', () => {
    assert.equal(scrollToShow(10, 20, 100, 200), undefined, 'in view');
    assert.equal(scrollToShow(2, 20, 100, 200), 40, 'above: to its top');
    assert.equal(scrollToShow(20, 20, 100, 200), 220, 'below: its bottom at the bottom edge');
    assert.equal(scrollToShow(14, 20, 100, 200), undefined, 'the last row in view');
    assert.equal(scrollToShow(15, 20, 100, 200), 120, 'the first row below: one row down');
  });

  it('says the follow state, and the new lines waiting below', () => {
    const status = (state: 'following' | 'paused' | 'retrying' | 'stopped', reason?: string) =>
      ({ state, follow: true, limit: 100, intervalSeconds: 2, ...(reason && { reason }) }) as Parameters<typeof spokenStatus>[0];
    assert.equal(spokenStatus(status('following'), 0), 'Following: new lines appear at the bottom.');
    assert.equal(spokenStatus(status('paused', 'Paused while the panel is hidden'), 0), 'Paused: Paused while the panel is hidden.');
    assert.equal(spokenStatus(status('retrying'), 0), 'Could not read the logs; retrying.');
    assert.equal(spokenStatus(status('stopped'), 0), 'Stopped reading the logs.');
    assert.equal(spokenStatus(status('following'), 1), '1 new line below. Ctrl+End goes to the newest.');
    assert.equal(spokenStatus(status('following'), 1234), '1,234 new lines below. Ctrl+End goes to the newest.');
    assert.equal(spokenStatus(undefined, 0), '');
  });
});
