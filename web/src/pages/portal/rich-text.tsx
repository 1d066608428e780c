import { createElement, type ReactNode } from 'react';
import { richTextTree, type RichNode } from './rich-text-tree';

function toReact(nodes: readonly RichNode[]): ReactNode[] {
  return nodes.map((node, key) => {
    if (typeof node === 'string') return node;
    const children = toReact(node.children);
    if (node.href !== undefined) {
      return createElement(
        'a',
        { key, href: node.href, target: '_blank', rel: 'noopener noreferrer' },
        ...children,
      );
    }
    return createElement(node.tag, { key }, ...(children.length > 0 ? children : []));
  });
}

/**
 * A programme text (program_description, program_term) as staff typed it — plain text with line
 * breaks, or simple HTML — drawn from its sanitised tree (rich-text-tree.ts: nothing is injected).
 */
export function RichText({ text, className }: { text: string; className?: string }) {
  return <div className={className}>{toReact(richTextTree(text))}</div>;
}
