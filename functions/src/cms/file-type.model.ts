/**
 * What an uploaded file is, by its bytes (never by its name or the type the browser claimed), and
 * how it may be served from the site's own origin (spec part 3 §2 'CMS files'; issue 25): images,
 * PDF, audio and video are shown in the browser with their real type; anything a browser could run
 * as the site (HTML, SVG, XML) and plain text, office documents and archives are served as a
 * download (`Content-Disposition: attachment`), always with `X-Content-Type-Options: nosniff`.
 * Executables and unknown binaries are refused.
 */

export interface SniffedType {
  /** The MIME type served. */
  contentType: string;
  /** The extension the stored name gets (the uploaded one is not trusted). */
  extension: string;
  /** `inline` for what is safe to show; `attachment` for the rest. */
  disposition: 'inline' | 'attachment';
}

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);
const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, Math.min(to, bytes.length)));

const inline = (contentType: string, extension: string): SniffedType => ({
  contentType,
  extension,
  disposition: 'inline',
});
const download = (contentType: string, extension: string): SniffedType => ({
  contentType,
  extension,
  disposition: 'attachment',
});

/** Binary formats, by their leading bytes. */
function binaryType(bytes: Uint8Array): SniffedType | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return inline('image/png', 'png');
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return inline('image/jpeg', 'jpg');
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return inline('image/gif', 'gif');
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return inline('image/webp', 'webp');
  if (ascii(bytes, 0, 5) === '%PDF-') return inline('application/pdf', 'pdf');
  if (ascii(bytes, 4, 8) === 'ftyp') {
    const brand = ascii(bytes, 8, 12);
    if (/^(heic|heix|mif1)/.test(brand)) return download('image/heic', 'heic');
    if (brand.startsWith('M4A')) return inline('audio/mp4', 'm4a');
    return inline('video/mp4', 'mp4');
  }
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) return inline('video/webm', 'webm');
  if (ascii(bytes, 0, 3) === 'ID3' || (bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xe0) === 0xe0))
    return inline('audio/mpeg', 'mp3');
  if (ascii(bytes, 0, 4) === 'OggS') return inline('audio/ogg', 'ogg');
  // Office documents (docx, xlsx, pptx, odt…) and zip archives: downloads.
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return download('application/zip', 'zip');
  return undefined;
}

/** Whether the bytes are text a person wrote (UTF-8 without control characters other than tab/newlines). */
function isText(bytes: Uint8Array): boolean {
  const sample = bytes.subarray(0, 64 * 1024);
  for (const b of sample)
    if (b === 0 || (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(
      sample.length < bytes.length ? trimUtf8(sample) : sample,
    );
    return true;
  } catch {
    return false;
  }
}

/** A sample cut at a byte boundary may split a character: drop an incomplete last sequence. */
function trimUtf8(sample: Uint8Array): Uint8Array {
  let end = sample.length;
  for (let i = 1; i <= 3 && end - i >= 0; i++) {
    const b = sample[end - i]!;
    if ((b & 0xc0) === 0x80) continue;
    if (b >= 0xc0) end -= i;
    break;
  }
  return sample.subarray(0, end);
}

/** Markup a browser would render as a document: HTML, SVG or XML (downloads, never shown). */
function markupType(text: string): SniffedType | undefined {
  const head = text
    .slice(0, 4096)
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  if (
    /<svg[\s>]/.test(head) &&
    (head.startsWith('<svg') || head.startsWith('<?xml') || head.startsWith('<!doctype svg'))
  )
    return download('image/svg+xml', 'svg');
  if (head.startsWith('<?xml')) return download('application/xml', 'xml');
  if (
    /<(!doctype html|html|head|body|script|iframe|object|embed|meta|link|style|img|svg|a\s|div|p>|form|title)/.test(
      head,
    )
  )
    return download('text/html', 'html');
  return undefined;
}

/**
 * The type of an uploaded file by its content, or undefined when it is not accepted (executables,
 * unknown binaries, empty files). A polyglot (a valid image that also holds markup or script) is
 * the image: served as such with nosniff, it is only ever shown as a picture.
 */
export function sniffFileType(bytes: Uint8Array): SniffedType | undefined {
  if (bytes.length === 0) return undefined;
  const binary = binaryType(bytes);
  if (binary) return binary;
  if (startsWith(bytes, [0x4d, 0x5a]) || startsWith(bytes, [0x7f, 0x45, 0x4c, 0x46])) return undefined; // EXE, ELF
  if (!isText(bytes)) return undefined;
  const text = new TextDecoder().decode(bytes.subarray(0, 4096));
  const markup = markupType(text);
  if (markup) return markup;
  if (/^[^\n]*[;,\t][^\n]*\r?\n/.test(text)) return download('text/csv; charset=utf-8', 'csv');
  return download('text/plain; charset=utf-8', 'txt');
}

/** A stored file name: the uploaded name's stem, in safe characters, with the sniffed extension. */
export function storedFileName(uploaded: string, type: SniffedType): string {
  const base = uploaded.split(/[\\/]/).pop() ?? '';
  const stem = base
    .replace(/\.[^.]*$/, '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return `${stem || 'arquivo'}.${type.extension}`;
}
