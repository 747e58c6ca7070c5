// What the Cloud view's rows need from the view: the connection they were read on, and its caches.
import type { BoundConnection } from '../../connections/connectionManager';
import type { CloudPlace } from '../../ui/cloudTarget';
import type { TreeNode } from '../../ui/treeNodes';
import type { FilteredSecrets } from './secretFilterRead';
import type { SecretPages } from './secretPages';

/** What the rows need from the view: the connection they were read on, and the view's caches. */
export interface CloudSource {
  bind(connectionId: string): Promise<BoundConnection | undefined>;
  /** The group row for this place (kept, so Load more and Retry redraw the row the view shows). */
  group(place: CloudPlace, kind: GroupKind, regionName: string): TreeNode;
  secretPages(place: CloudPlace): SecretPages;
  /** Filter Secrets…' matches for this place, kept until cleared or Refresh; undefined: no filter. */
  secretFilter(place: CloudPlace): FilteredSecrets | undefined;
  /** Drops the place's filter and redraws its Secrets group. */
  clearSecretFilter(place: CloudPlace): void;
  /** Redraws one row (or the view). */
  redraw(node?: TreeNode): void;
  /** Reads every list of the connection again and redraws the view (Retry on a list). */
  reloadAll(): Promise<void>;
  now(): number;
}

export type GroupKind = 'secrets' | 'policies' | 'functions';
