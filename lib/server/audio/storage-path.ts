import 'server-only';

const SAFE_KEY = /^[a-z0-9]+(\/[a-z0-9-]+)*$/;
const SAFE_NAME = /^[a-z0-9-]+(\.[a-z0-9]+)?$/;

/**
 * Keys and names come from our own code, but a path outside the storage's root (`..`, an absolute path, another
 * bucket prefix) must be impossible whatever reaches a backend: both refuse anything else.
 */
export function assertSafePath(key: string, name?: string): void {
  if (!SAFE_KEY.test(key) || (name !== undefined && !SAFE_NAME.test(name))) throw new Error(`unsafe audio path ${key}/${name ?? ''}`);
}
