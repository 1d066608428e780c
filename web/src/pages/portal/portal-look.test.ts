import { describe, expect, it } from 'vitest';
import {
  cssUrl,
  lookFromSettings,
  offeredTags,
  portalColors,
  safeImageUrl,
  splitList,
  textOn,
} from './portal-look';

describe('portal settings', () => {
  it('reads the key/value list into the look', () => {
    const look = lookFromSettings([
      { key: 'program_description', value: ' Bem-vindo ' },
      { key: 'program_term', value: 'Regras' },
      { key: 'portal_background_image', value: 'https://cdn.example.com/bg.jpg' },
      { key: 'portal_style_bg', value: 'repeat' },
      { key: 'portal_primary_color', value: '#0A0' },
      { key: 'portal_secondary_color', value: 'blue' },
      { key: 'portal_fields_require', value: 'email, cellphone,unknown' },
      { key: 'portal_tags', value: 'Vinhos, Queijos,,vinhos' },
    ]);
    expect(look).toMatchObject({
      description: 'Bem-vindo',
      term: 'Regras',
      backgroundImage: 'https://cdn.example.com/bg.jpg',
      backgroundStyle: 'repeat',
      primary: '#00aa00',
      secondary: undefined,
      tags: ['Vinhos', 'Queijos'],
    });
    expect([...look.required]).toEqual(['email', 'cellphone']);
    expect(lookFromSettings([]).backgroundStyle).toBe('cover');
  });

  it('offers the public tag list, else the portal_tags of the settings', () => {
    const look = lookFromSettings([{ key: 'portal_tags', value: 'Vinhos' }]);
    expect(offeredTags(look, ['Cervejas', ' Vinhos ', 'cervejas', ''])).toEqual(['Cervejas', 'Vinhos']);
    expect(offeredTags(look, [])).toEqual(['Vinhos']);
    expect(splitList(null)).toEqual([]);
  });

  it('accepts only safe background images', () => {
    expect(safeImageUrl('/favicon.svg')).toBe('/favicon.svg');
    expect(safeImageUrl('data:image/png;base64,AAAA')).toBe('data:image/png;base64,AAAA');
    expect(safeImageUrl('javascript:alert(1)')).toBeUndefined();
    expect(safeImageUrl('//evil.example.com/x.png')).toBeUndefined();
    expect(safeImageUrl('data:text/html,<script>')).toBeUndefined();
    expect(cssUrl('https://x.test/a"b.png')).toBe('url("https://x.test/a%22b.png")');
  });

  it('picks readable text colours and falls back to the tenant colour', () => {
    expect(textOn('#ffeb3b')).toBe('#0f141a');
    expect(textOn('#1b5e20')).toBe('#ffffff');
    const colors = portalColors(lookFromSettings([]), '#2e7d32');
    expect(colors['--portal-primary']).toBe('#2e7d32');
    expect(colors['--portal-on-primary']).toBe('#ffffff');
  });
});
