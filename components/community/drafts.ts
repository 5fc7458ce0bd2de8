/**
 * Drafts kept in this browser (docs/community.md "Write box"): a comment being written, or a long review, survives
 * a closed sheet, a reload or a trip to sign-in. Storage may be unavailable (private mode): then nothing is kept.
 */
const PREFIX = 'comment_draft:';

export function loadDraft(key: string): string {
  try {
    return localStorage.getItem(PREFIX + key) ?? '';
  } catch {
    return '';
  }
}

export function saveDraft(key: string, text: string): void {
  try {
    if (text) localStorage.setItem(PREFIX + key, text);
    else localStorage.removeItem(PREFIX + key);
  } catch {
    // Full or blocked storage: the draft simply is not kept.
  }
}
