import 'server-only';

const holder = globalThis as typeof globalThis & { __shushengPublishVersions?: Map<number, number> };
const versions = () => (holder.__shushengPublishVersions ??= new Map());

/**
 * How many times the publishing job has published chapters of this novel in this process. The cached reads that
 * show a novel's chapters carry it in their key: Next refuses to drop tags outside a request, so a job cannot
 * invalidate them, but a new key is a cache miss (docs/content.md "Scheduled chapters"). Another server process
 * sharing the cache sees the chapter when its cached entry ages out (DISCOVERY_TTL_S).
 */
export function publishVersion(novelId: number): number {
  return versions().get(novelId) ?? 0;
}

export function bumpPublishVersion(novelId: number): void {
  versions().set(novelId, publishVersion(novelId) + 1);
}
