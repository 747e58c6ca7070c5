import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { launcherFolderOf, readLinks, withLink, withoutLink } from '../../src/features/edge/model/edgeLinks';

const link = (wasm: string, appId = 101) => ({ wasm, connectionId: 'c1', appId, appName: 'hello', folder: 'file:///w/app', linkedAt: 5 });

describe('edge links', () => {
  it('reads stored links leniently: broken entries dropped, the last per file kept', () => {
    const raw = [link('file:///w/a.wasm'), { wasm: 'file:///w/b.wasm', appId: -1 }, 'x', link('file:///w/a.wasm', 102)];
    assert.deepEqual(readLinks(raw), [link('file:///w/a.wasm', 102)]);
    assert.deepEqual(readLinks(undefined), []);
    assert.deepEqual(readLinks({ wasm: 'x' }), []);
  });

  it('sets and removes one file', () => {
    const two = withLink([link('file:///w/a.wasm')], link('file:///w/b.wasm'));
    assert.equal(two.length, 2);
    assert.deepEqual(withLink(two, link('file:///w/a.wasm', 7)).find((l) => l.wasm === 'file:///w/a.wasm')?.appId, 7);
    assert.deepEqual(withoutLink(two, 'file:///w/a.wasm'), [link('file:///w/b.wasm')]);
  });

  it("finds the Launcher's folder: the nearest marker up to the workspace, else the file's own", async () => {
    const files = new Set(['/w/app/.env', '/w/fastedge-config.test.json']);
    const has = (dir: string, name: string) => Promise.resolve(files.has(`${dir}/${name}`));
    assert.equal(await launcherFolderOf('/w/app/target/wasm32-wasip1/release/app.wasm', '/w', has), '/w/app');
    assert.equal(await launcherFolderOf('/w/other/out/app.wasm', '/w', has), '/w');
    assert.equal(await launcherFolderOf('/x/app.wasm', '/w', has), '/x');
    assert.equal(await launcherFolderOf('/w/b/app.wasm', '/w/b', () => Promise.resolve(false)), '/w/b');
  });
});
