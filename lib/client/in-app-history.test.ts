import { hasInAppPrevious, recordLocation, resetInAppHistory } from './in-app-history';

function setReferrer(value: string) {
  Object.defineProperty(document, 'referrer', { value, configurable: true });
}

beforeEach(() => {
  resetInAppHistory();
  setReferrer(`${window.location.origin}/m`);
});

describe('in-app history', () => {
  it('has no previous page on the first page of a tab', () => {
    recordLocation('/m/ranks');
    expect(hasInAppPrevious()).toBe(false);
  });

  it('has one after moving on, and loses it after stepping back to the first page', () => {
    recordLocation('/m');
    recordLocation('/m/ranks');
    expect(hasInAppPrevious()).toBe(true);
    recordLocation('/m');
    expect(hasInAppPrevious()).toBe(false);
  });

  it('ignores a repeated location (a re-render or a reload)', () => {
    recordLocation('/m/ranks');
    recordLocation('/m/ranks');
    expect(hasInAppPrevious()).toBe(false);
  });

  it('forgets what was stored when the document came from another site', () => {
    recordLocation('/m');
    recordLocation('/m/ranks');
    // A new document (module state dropped) opened from a search engine in the same tab.
    setReferrer('https://search.example/');
    resetModuleOnly();
    recordLocation('/m/novels/1');
    expect(hasInAppPrevious()).toBe(false);
  });
});

/** Drops the in-memory copy only, as a new document would, keeping sessionStorage. */
function resetModuleOnly() {
  const saved = window.sessionStorage.getItem('nav.stack');
  resetInAppHistory();
  if (saved) window.sessionStorage.setItem('nav.stack', saved);
}
