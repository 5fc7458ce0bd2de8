// Just enough XML for an EPUB's container, package document and NCX: elements with their attributes, text, CDATA
// and the predefined and numeric entities; comments, processing instructions and the doctype are skipped, namespace
// prefixes dropped (dc:title is `title`). It is forgiving (an unclosed or stray tag does not fail the book), expands
// no entity a doctype declares, and recurses nowhere, so no nesting depth can exhaust the stack. Pathological markup
// is bounded by the parse worker's time limit.

const NAMED = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function entity(match, body) {
  if (body[0] !== '#') return NAMED[body] ?? match;
  const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
  return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : '';
}
const decode = (text) => (text.includes('&') ? text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, entity) : text);

const local = (name) => name.slice(name.lastIndexOf(':') + 1);

function attributes(source) {
  const attrs = {};
  for (const m of source.matchAll(/([^\s=]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
    const name = local(m[1]);
    if (!(name in attrs)) attrs[name] = decode(m[2] ?? m[3]);
  }
  return attrs;
}

// A comment, CDATA, a processing instruction, a doctype (with an internal subset), an end tag, or a start tag.
const MARKUP =
  /<!--[\s\S]*?-->|<!\[CDATA\[([\s\S]*?)\]\]>|<\?[\s\S]*?\?>|<!DOCTYPE(?:[^[>]|\[[\s\S]*?\])*>|<\/\s*([^\s>]+)\s*>|<([^\s/>!?]+)((?:[^>"']|"[^"]*"|'[^']*')*)>/gi;

/** The document as a tree of `{ name, attrs, children }`; text children are strings. */
export function parseXml(xml) {
  const root = { name: '', attrs: {}, children: [] };
  const open = [root];
  let last = 0;
  for (const m of xml.matchAll(MARKUP)) {
    const parent = open[open.length - 1];
    if (m.index > last) parent.children.push(decode(xml.slice(last, m.index)));
    last = m.index + m[0].length;
    if (m[1] !== undefined) parent.children.push(m[1]);
    else if (m[2] !== undefined) {
      // Closes the innermost open element of that name, and any left open inside it; a stray end tag is ignored.
      const name = local(m[2]);
      for (let i = open.length - 1; i > 0; i--) {
        if (open[i].name === name) {
          open.length = i;
          break;
        }
      }
    } else if (m[3] !== undefined) {
      const selfClosing = m[4].endsWith('/');
      const node = { name: local(m[3]), attrs: attributes(selfClosing ? m[4].slice(0, -1) : m[4]), children: [] };
      parent.children.push(node);
      if (!selfClosing) open.push(node);
    }
  }
  if (last < xml.length) open[open.length - 1].children.push(decode(xml.slice(last)));
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
