/**
 * The locations this tab has visited inside the site, newest last, so a back button knows whether the browser's
 * back would stay in the app (docs/shell.md "Back-and-title bar"). Kept in sessionStorage: it survives a reload
 * and dies with the tab.
 */
const KEY = 'nav.stack';
const LIMIT = 50;

let stack: string[] | null = null;

function read(): string[] {
  if (stack) return stack;
  stack = [];
  try {
    const saved: unknown = JSON.parse(window.sessionStorage.getItem(KEY) ?? '[]');
    if (Array.isArray(saved)) stack = saved.filter((s): s is string => typeof s === 'string');
  } catch {
    // Private mode or a corrupt value: start afresh.
  }
  // Arriving from another site (or typed in): nothing behind this page belongs to the app.
  if (!cameFromHere()) stack = [];
  return stack;
}

function cameFromHere(): boolean {
  try {
    return document.referrer !== '' && new URL(document.referrer).origin === window.location.origin;
  } catch {
    return false;
  }
}

function save(s: string[]) {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(s));
  } catch {
    // Storage full or refused: the in-memory copy still serves this document.
  }
}

/** Called on every location change: a step back pops, anything else pushes. */
export function recordLocation(location: string) {
  const s = read();
  if (s[s.length - 1] === location) return;
  if (s[s.length - 2] === location) s.pop();
  else s.push(location);
  if (s.length > LIMIT) s.splice(0, s.length - LIMIT);
  save(s);
}

/** True when the page before this one in the tab was a page of this site. */
export function hasInAppPrevious(): boolean {
  return read().length > 1;
}

/** Tests start from an empty tab. */
export function resetInAppHistory() {
  stack = null;
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // ignore
  }
}
