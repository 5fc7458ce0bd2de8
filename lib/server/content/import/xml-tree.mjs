// An EPUB's container, package document and NCX as a small tree, read by saxes (the XML parser jsdom is built on):
// elements with their attributes, text and CDATA, the predefined and numeric entities; comments, processing
// instructions and the doctype are skipped, namespace prefixes dropped (dc:title is `title`). Books in the wild are
// not always well-formed, so the parser's errors are passed over, not thrown: an unclosed element is closed by its
// parent's end tag, a stray end tag is ignored, and the book still reads. saxes expands no entity a doctype declares
// (`&a;` stays as written), so no entity can multiply the text; it recurses nowhere, so no nesting depth can exhaust
// the stack. Pathological markup is bounded by the parse worker's time limit.
import { SaxesParser } from 'saxes';

const local = (name) => name.slice(name.lastIndexOf(':') + 1);

/** The document as a tree of `{ name, attrs, children }`; text children are strings. */
export function parseXml(xml) {
  const root = { name: '', attrs: {}, children: [] };
  const open = [root];
  const parser = new SaxesParser();
  const text = (t) => open[open.length - 1].children.push(t);
  parser.on('error', () => undefined);
  parser.on('text', text);
  parser.on('cdata', text);
  parser.on('opentag', (tag) => {
    const attrs = {};
    for (const [name, value] of Object.entries(tag.attributes)) {
      if (!(local(name) in attrs)) attrs[local(name)] = String(value);
    }
    const node = { name: local(tag.name), attrs, children: [] };
    open[open.length - 1].children.push(node);
    open.push(node);
  });
  parser.on('closetag', () => {
    if (open.length > 1) open.pop();
  });
  parser.write(xml).close();
  return root;
}

/** Elements under `node` named `name`, in document order, at any depth. */
export function findAll(node, name) {
  const found = [];
  const pending = [...node.children].reverse();
  while (pending.length) {
    const n = pending.pop();
    if (typeof n === 'string') continue;
    if (n.name === name) found.push(n);
    for (let i = n.children.length - 1; i >= 0; i--) pending.push(n.children[i]);
  }
  return found;
}

/** The first element under `node` named `name`, at any depth. */
export const find = (node, name) => (node ? findAll(node, name)[0] : undefined);

/** The direct child elements of `node` named `name`. */
export const childrenNamed = (node, name) => node.children.filter((c) => typeof c !== 'string' && c.name === name);

/** All the text inside `node`, its elements' included. */
export function textOf(node) {
  if (!node) return '';
  let text = '';
  const pending = [node];
  while (pending.length) {
    const n = pending.pop();
    if (typeof n === 'string') text += n;
    else for (let i = n.children.length - 1; i >= 0; i--) pending.push(n.children[i]);
  }
  return text;
}
