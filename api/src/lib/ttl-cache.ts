/**
 * A small in-process cache for public, read-mostly answers (catalogue pages, search results):
 * entries live `ttlMs`, the least recently used go first past `maxEntries`, and concurrent misses
 * for the same key share one load (no stampede when an entry expires under load).
 * WARNING: only for data that is the same for every caller; never for per-user answers.
 */
export class TtlCache<T> {
  private readonly entries = new Map<string, { expires: number; value: Promise<T> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 1000,
  ) {}

  async get(key: string, load: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return load();
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit !== undefined && hit.expires > now) {
      // Refresh its place in the LRU order.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.value;
    }
    const value = load();
    this.entries.set(key, { expires: now + this.ttlMs, value });
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    // A failed load is not cached.
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}
