import { describe, expect, it } from 'vitest';
import { sniffFileType, storedFileName } from './file-type.model';

const bytes = (...parts: Array<string | number[]>) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...new TextEncoder().encode(p)] : p)));
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52];

describe('the type of an uploaded file, by its bytes', () => {
  it.each([
    ['PNG', bytes(PNG), 'image/png', 'inline'],
    ['JPEG', bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], 'JFIF'), 'image/jpeg', 'inline'],
    ['GIF', bytes('GIF89a', [1, 0, 1, 0]), 'image/gif', 'inline'],
    ['WebP', bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '), 'image/webp', 'inline'],
    ['PDF', bytes('%PDF-1.7\n%âãÏÓ\n'), 'application/pdf', 'inline'],
    ['MP4', bytes([0, 0, 0, 0x20], 'ftypisom', [0, 0, 2, 0]), 'video/mp4', 'inline'],
    ['MP3', bytes('ID3', [4, 0, 0]), 'audio/mpeg', 'inline'],
    ['a spreadsheet (zip)', bytes([0x50, 0x4b, 0x03, 0x04, 0x14, 0]), 'application/zip', 'attachment'],
    ['CSV', bytes('cpf;nome\n12345678909;Ana\n'), 'text/csv; charset=utf-8', 'attachment'],
    ['text', bytes('Regulamento da promoção de Natal.\n'), 'text/plain; charset=utf-8', 'attachment'],
  ])('%s', (_, content, contentType, disposition) => {
    expect(sniffFileType(content)).toMatchObject({ contentType, disposition });
  });

  it('serves HTML renamed .png as a download of HTML, never as an image nor as a page', () => {
    const type = sniffFileType(bytes('<!DOCTYPE html><html><script>alert(document.cookie)</script></html>'));
    expect(type).toEqual({ contentType: 'text/html', extension: 'html', disposition: 'attachment' });
    expect(storedFileName('banner.png', type!)).toBe('banner.html');
  });

  it('serves an SVG with a script as a download, with or without the XML prolog', () => {
    for (const svg of [
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
      '\uFEFF  <svg><rect/></svg>',
    ]) {
      expect(sniffFileType(bytes(svg))).toMatchObject({
        contentType: 'image/svg+xml',
        disposition: 'attachment',
      });
    }
  });

  it('takes a polyglot (a real image carrying markup) as the image it starts as', () => {
    const gifar = bytes('GIF89a/*', [1, 0, 1, 0], '*/=1;<script>alert(1)</script><html>');
    expect(sniffFileType(gifar)).toMatchObject({ contentType: 'image/gif', disposition: 'inline' });
    const pngWithHtml = bytes(PNG, '<html><body onload=alert(1)>');
    expect(sniffFileType(pngWithHtml)).toMatchObject({ contentType: 'image/png', disposition: 'inline' });
    // …and a page that merely starts with an image's name is still a page.
    expect(sniffFileType(bytes('GIF8 <html><script>x</script>'))).toMatchObject({ contentType: 'text/html' });
  });

  it('refuses executables, unknown binaries and empty files', () => {
    expect(sniffFileType(bytes('MZ', [0x90, 0, 3, 0]))).toBeUndefined();
    expect(sniffFileType(bytes([0x7f], 'ELF', [2, 1, 1]))).toBeUndefined();
    expect(sniffFileType(bytes([0, 1, 2, 3, 250, 251]))).toBeUndefined();
    expect(sniffFileType(new Uint8Array())).toBeUndefined();
  });

  it('names the stored file from the upload in safe characters, with the real extension', () => {
    const png = sniffFileType(bytes(PNG))!;
    expect(storedFileName('Promoção de Natal (1).JPG', png)).toBe('Promocao-de-Natal-1.png');
    expect(storedFileName('../../etc/passwd', png)).toBe('passwd.png');
    expect(storedFileName('.png', png)).toBe('arquivo.png');
  });
});
