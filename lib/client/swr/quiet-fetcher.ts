import { api } from '../api';

/**
 * SWR fetcher for member-specific extras on public pages (a position, a shelf state): a failure or an expired
 * session must not toast or send anyone to login, the page simply shows its default.
 */
export const quietFetcher = <T>(path: string) => api<T>(path, { silent: true });
