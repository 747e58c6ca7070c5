// What the long-list tests ask of a view: a row's label, a child by its label, and what the tree
// was asked to redraw while some work ran (undefined: the view's roots), a Load more's included.
import * as assert from 'node:assert/strict';
import type { NodeTree } from '../../../src/ui/nodeTree';
import { isRunnable, type TreeNode } from '../../../src/ui/treeNodes';

export function treeProbe(tree: () => NodeTree) {
  const label = async (node: TreeNode): Promise<string> => {
    const item = await tree().getTreeItem(node);
    return typeof item.label === 'string' ? item.label : (item.label?.label ?? '');
  };
  const child = async (parent: TreeNode | undefined, name: string): Promise<TreeNode> => {
    const all = await tree().getChildren(parent);
    for (const node of all) if ((await label(node)) === name) return node;
    throw new Error(`No "${name}" under ${parent ? await label(parent) : 'the root'}`);
  };
  /** The work's result and the redraws asked while it ran, in order. */
  const redrawsDuring = async <T>(work: () => PromiseLike<T>): Promise<{ result: T; redrawn: (TreeNode | undefined)[] }> => {
    const redrawn: (TreeNode | undefined)[] = [];
    const listening = tree().onDidChangeTreeData((node) => redrawn.push(node ?? undefined));
    try {
      return { result: await work(), redrawn };
    } finally {
      listening.dispose();
    }
  };
  /** Runs `more` (a Load more row) and records the redraws meanwhile. */
  const runMore = async (more: TreeNode): Promise<{ more: TreeNode; redrawn: (TreeNode | undefined)[] }> => {
    assert.ok(isRunnable(more), `Load more is ${await label(more)}`);
    const { redrawn } = await redrawsDuring(async () => more.run());
    return { more, redrawn };
  };
  return { label, child, redrawsDuring, runMore };
}
