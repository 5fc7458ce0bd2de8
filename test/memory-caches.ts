// Cache Storage in memory, for the offline downloads and the service worker's tests (docs/offline.md).

/** Cache Storage in memory, keyed by path (the page's caches are same-origin). */
export class MemoryCache {
  entries = new Map<string, Response>();
  private key = (r: RequestInfo | URL) => new URL(typeof r === 'string' ? r : r instanceof URL ? r.href : r.url, 'http://app').pathname;
  async match(r: RequestInfo | URL) {
    return this.entries.get(this.key(r))?.clone();
  }
  async put(r: RequestInfo | URL, res: Response) {
    this.entries.set(this.key(r), res.clone());
  }
  async delete(r: RequestInfo | URL) {
    return this.entries.delete(this.key(r));
  }
  async keys() {
    return [...this.entries.keys()].map((k) => new Request(`http://app${k}`));
  }
}
export class MemoryCaches {
  map = new Map<string, MemoryCache>();
  async open(name: string) {
    if (!this.map.has(name)) this.map.set(name, new MemoryCache());
    return this.map.get(name)!;
  }
  async keys() {
    return [...this.map.keys()];
  }
  async delete(name: string) {
    return this.map.delete(name);
  }
  async has(name: string) {
    return this.map.has(name);
  }
  /** Across caches, or in one (`cacheName`), as the library's strategies ask. */
  async match(r: RequestInfo | URL, options?: { cacheName?: string }) {
    if (options?.cacheName) return this.map.get(options.cacheName)?.match(r);
    for (const cache of this.map.values()) {
      const hit = await cache.match(r);
      if (hit) return hit;
    }
    return undefined;
  }
}
