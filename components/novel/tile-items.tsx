'use client';

import { unpackTile, type PackedTile } from '@/lib/shared/tiles';
import { NovelTile } from './novel-tile';

/** Cover tiles from packed props (lib/shared/tiles.ts): the same tiles, a fraction of the page's payload. */
export function TileItems({ tiles }: { tiles: PackedTile[] }) {
  return tiles.map((t) => <NovelTile key={t[0]} novel={unpackTile(t)} />);
}
