import type { WhitelabelFlag, WhitelabelNode } from '@lanna/contract';

/** Bound on the tree walk: a merchant tree is small; a malformed one must not hang the page. */
const MAX_NODES = 10_000;

/**
 * Whether a white-label flag is on: the node with that modId anywhere in the tree has
 * enabled '1'. Children inherit nothing from their parent (contract, WhitelabelNodeSchema).
 */
export const isWhitelabelEnabled = (
  tree: readonly WhitelabelNode[],
  flag: WhitelabelFlag,
): boolean => {
  const queue = [...tree];
  for (let visited = 0; visited < MAX_NODES && queue.length > 0; visited += 1) {
    const node = queue.shift();
    if (!node) break;
    if (node.modId === flag) return node.enabled === '1';
    queue.push(...node.childrenNodes);
  }
  return false;
};
