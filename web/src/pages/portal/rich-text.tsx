import { createElement, Fragment, type ReactNode } from 'react';

/**
 * The programme texts (program_description, program_term) as staff typed them: plain text
 * with line breaks, or simple HTML. HTML is never injected: it is parsed into an inert
 * document (DOMParser runs no script and loads nothing) and rebuilt as React elements from a
 * short list of formatting tags, without attributes except a checked http(s) link target.
 */
const ALLOWED = new Set([
  'p', 'br', 'b', 'strong', 'i', 'em', 'u', 's', 'small', 'ul', 'ol', 'li', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6',
  'blockquote', 'a', 'span', 'div', 'hr', 'sub', 'sup',
]);
const VOID = new Set(['br', 'hr']);

function convert(node: Node, key: number): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as Element;
  const tag = element.tagName.toLowerCase();
  if (tag === 'script' || tag === 'style' || tag === 'template') return null;
  const children = Array.from(element.childNodes, convert);
  if (!ALLOWED.has(tag)) return createElement(Fragment, { key }, ...children);
  // Headings inside the portal card are demoted so the page keeps one h1.
  const name = /^h[1-6]$/.test(tag) ? `h${Math.min(6, Number(tag[1]) + 2)}` : tag;
  if (VOID.has(tag)) return createElement(name, { key });
  if (tag === 'a') {
    const href = element.getAttribute('href') ?? '';
    if (!/^https?:\/\//i.test(href)) return createElement(Fragment, { key }, ...children);
    return createElement('a', { key, href, target: '_blank', rel: 'noopener noreferrer' }, ...children);
  }
  return createElement(name, { key }, ...children);
}

function paragraphs(text: string): ReactNode[] {
  return text
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter((block) => block !== '')
    .map((block, i) => (
      <p key={i}>
        {block.split('\n').map((line, j) => (
          <Fragment key={j}>
            {j > 0 && <br />}
            {line}
          </Fragment>
        ))}
      </p>
    ));
}

export function RichText({ text, className }: { text: string; className?: string }) {
  const looksLikeHtml = /<\/?[a-z][^>]*>/i.test(text);
  let content: ReactNode;
  if (looksLikeHtml && typeof DOMParser !== 'undefined') {
    const body = new DOMParser().parseFromString(text, 'text/html').body;
    content = Array.from(body.childNodes, convert);
  } else {
    content = paragraphs(text);
  }
  return <div className={className}>{content}</div>;
}
