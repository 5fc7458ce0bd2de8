import 'server-only';

/**
 * A game's destination as staff typed it (docs/games.md "Games"): an absolute https address with a host name,
 * no spaces, tabs, backslashes or credentials. Checked when saved and again before each redirect.
 */
export function isGameUrl(raw: string): boolean {
  if (raw.length > 1000 || /[\s\\]/.test(raw)) return false;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  return url.protocol === 'https:' && url.hostname.includes('.') && !url.username && !url.password && url.href.startsWith('https://');
}

/** An icon or art image: a site path ('/games/x.svg') or an https address. */
export function isImageRef(raw: string): boolean {
  if (raw.length > 500 || /[\s\\]/.test(raw)) return false;
  if (raw.startsWith('/')) return !raw.startsWith('//');
  return isGameUrl(raw);
}
