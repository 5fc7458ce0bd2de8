import 'server-only';

const holder = globalThis as typeof globalThis & { __shushengPublishVersions?: Map<number, number> };
const versions = () => (holder.__shushengPublishVersions ??= new Map());

/**
 * How many times the publishing job has published chapters of this novel in this process. The cached reads that
 * show a novel's chapters carry it in their key, so this process misses at once even before the job's tag
 * expiry is written (docs/content.md "Scheduled chapters"); other servers follow that expiry, which the job writes
 * through our cache handler (docs/architecture.md "Caching").
 */
export function publishVersion(novelId: number): number {
  return versions().get(novelId) ?? 0;
}

export function bumpPublishVersion(novelId: number): void {
  versions().set(novelId, publishVersion(novelId) + 1);
}
