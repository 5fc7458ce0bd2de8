/**
 * The paragraphs as the page shows them (the server hands the reader's client part the chapter without them,
 * docs/reading.md "How the reader page is built"): each `<p data-idx>` of the chapter body starts with its text (a comment
 * badge may follow it). Read when the client needs the text (keeping the chapter, comment counts, a paragraph's
 * thread), never during a render.
 */
export function textInPage(root: ParentNode | null): string[] {
  if (!root) return [];
  return Array.from(root.querySelectorAll<HTMLElement>('.chapter-body p[data-idx]'), (p) =>
    p.firstChild?.nodeType === Node.TEXT_NODE ? (p.firstChild.nodeValue ?? '') : '',
  );
}
