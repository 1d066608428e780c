import { describe, expect, it } from 'vitest';
import { sanitizeEditorProject } from './html';

const wrap = (components: unknown[]) =>
  JSON.stringify({ pages: [{ frames: [{ component: { type: 'wrapper', components } }] }] });
const componentsOf = (flow: string) =>
  (JSON.parse(flow) as { pages: { frames: { component: { components: unknown[] } }[] }[] }).pages[0]!
    .frames[0]!.component.components;

describe('sanitizeEditorProject', () => {
  it('keeps links, images, relative and anchor URLs, mailto and tel, and data: images', () => {
    const components = [
      { type: 'link', attributes: { href: 'https://loja.example/a?b=1#c' } },
      { type: 'link', attributes: { href: 'mailto:contato@loja.example' } },
      { type: 'link', attributes: { href: 'tel:+5511999999999' } },
      { type: 'link', attributes: { href: '#topo' } },
      { type: 'link', attributes: { href: '/ofertas' } },
      { type: 'link', attributes: { href: 'ofertas/hoje.html' } },
      { type: 'image', attributes: { src: 'data:image/png;base64,AAAA' } },
    ];
    expect(componentsOf(sanitizeEditorProject(wrap(components)))).toEqual(components);
  });

  it('drops scripted URLs, handlers, component scripts and code-running components', () => {
    const flow = sanitizeEditorProject(
      wrap([
        { type: 'link', attributes: { href: 'vbscript:msgbox(1)', title: 'a' } },
        { type: 'link', attributes: { href: '\u0001javascript:alert(1)' } },
        { type: 'image', attributes: { src: 'data:text/html;base64,PHNjcmlwdD4=', onError: 'x()' } },
        { type: 'link', attributes: { href: '//evil.example' } },
        { tagName: 'object', attributes: { data: 'x.swf' } },
        { tagName: 'base', attributes: { href: 'https://evil.example/' } },
        { tagName: 'meta', attributes: { 'http-equiv': 'refresh', content: '0;url=javascript:alert(1)' } },
        { tagName: 'div', attributes: { style: 'width:expression(alert(1))' } },
      ]),
    );
    expect(componentsOf(flow)).toEqual([
      { type: 'link', attributes: { title: 'a' } },
      { type: 'link', attributes: {} },
      { type: 'image', attributes: {} },
      { type: 'link', attributes: {} },
      { tagName: 'meta', attributes: { content: '0;url=javascript:alert(1)' } },
      { tagName: 'div', attributes: { style: 'width:alert(1))' } },
    ]);
  });

  it('answers empty for text that is not a project', () => {
    for (const flow of ['', '   ', 'null', '"texto"', '[]', '{', '<p>oi</p>'])
      expect(sanitizeEditorProject(flow), flow).toBe('');
  });
});
