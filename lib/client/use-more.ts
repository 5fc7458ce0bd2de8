'use client';

import { useState } from 'react';
import { fetchMorePage, type MoreSource } from './reads/catalogue';
import type { ListPage as Paged } from '@/lib/shared/dto/shelf';

/**
 * A server-rendered first page plus "more" (docs/catalogue.md "Lists and home layouts": more appends; hasmore when a page comes back full).
 * The next page starts after what is shown, from the same /v1 call the server answered (named by `source`).
 */
export function useMore<T>(initial: Paged<T>, source: MoreSource, query: Record<string, string | number>, limit: number) {
  const [items, setItems] = useState(initial.data);
  const [hasmore, setHasmore] = useState(initial.hasmore);
  const [loading, setLoading] = useState(false);

  async function more() {
    setLoading(true);
    try {
      const next = await fetchMorePage<T>(source, query, items.length, limit);
      setItems((prev) => [...prev, ...next.data]);
      setHasmore(next.hasmore);
    } catch {
      // The error catalogue has already told the reader (toast, or sign-in on 90002); the button stays for a retry.
    } finally {
      setLoading(false);
    }
  }

  return { items, hasmore, loading, more };
}
