/**
 * The programme texts (program_description, program_term) as staff typed them: plain text
 * with line breaks, or simple HTML. HTML is never injected: it is parsed into an inert
 * document (DOMParser runs no script and loads nothing) and rebuilt from a short list of
 * formatting tags, without attributes except a checked http(s) link target.
 *
 * One sanitised tree, drawn by React (rich-text.tsx) and, before React has loaded, by the
 * portal's early paint (portal-early.ts): both show exactly the same elements.
 */
export type RichNode = string | { tag: string; href?: string; children: RichNode[] };

const ALLOWED = new Set([
  'p',
  'br',
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'small',
  'ul',
  'ol',
  'li',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'a',
  'span',
  'div',
  'hr',
  'sub',
  'sup',
]);
const VOID = new Set(['br', 'hr']);

function convert(node: Node): RichNode[] {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent ? [node.textContent] : [];
  if (node.nodeType !== Node.ELEMENT_NODE) return [];
  const element = node as Element;
  const tag = element.tagName.toLowerCase();
  if (tag === 'script' || tag === 'style' || tag === 'template') return [];
  const children = Array.from(element.childNodes).flatMap(convert);
  // A tag outside the list keeps its content only.
  if (!ALLOWED.has(tag)) return children;
  // Headings inside the portal card are demoted so the page keeps one h1.
  const name = /^h[1-6]$/.test(tag) ? `h${Math.min(6, Number(tag[1]) + 2)}` : tag;
  if (VOID.has(tag)) return [{ tag: name, children: [] }];
  if (tag === 'a') {
    const href = element.getAttribute('href') ?? '';
    if (!/^https?:\/\//i.test(href)) return children;
    return [{ tag: 'a', href, children }];
  }
  return [{ tag: name, children }];
}

/** Blank-line separated paragraphs, single line breaks kept. */
function paragraphs(text: string): RichNode[] {
  return text
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter((block) => block !== '')
    .map((block) => ({
      tag: 'p',
      children: block
        .split('\n')
        .flatMap((line, j): RichNode[] => (j > 0 ? [{ tag: 'br', children: [] }, line] : [line])),
    }));
}

/** The sanitised tree of a programme text (HTML when it looks like HTML and a DOMParser exists). */
export function richTextTree(text: string): RichNode[] {
  if (/<\/?[a-z][^>]*>/i.test(text) && typeof DOMParser !== 'undefined') {
    return Array.from(new DOMParser().parseFromString(text, 'text/html').body.childNodes).flatMap(convert);
  }
  return paragraphs(text);
}

/** The tree as DOM nodes (links open in a new tab, as in the React rendering). */
export function richTextNodes(tree: readonly RichNode[]): Node[] {
  return tree.map((node) => {
    if (typeof node === 'string') return document.createTextNode(node);
    const element = document.createElement(node.tag);
    if (node.href !== undefined) {
      element.setAttribute('href', node.href);
      element.setAttribute('target', '_blank');
      element.setAttribute('rel', 'noopener noreferrer');
    }
    element.append(...richTextNodes(node.children));
    return element;
  });
}
