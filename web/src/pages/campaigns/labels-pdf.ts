import { jsPDF } from 'jspdf';

/**
 * The labels' PDF (spec part 2 §2.6): one page per label, of the layout's width × height in
 * millimetres. Loaded on demand (dynamic import from the print modal), so jsPDF stays out of every
 * route's bundle until someone prints.
 *
 * Each label is laid out by the browser exactly as the preview shows it (same markup, same CSS,
 * in an off-screen box of the label's size), then drawn as vector PDF: backgrounds and borders as
 * rectangles and lines, images as images, and each line of text at the position and size the
 * browser gave it, in the standard PDF font closest to its family and weight, squeezed to the
 * width the browser measured. The text stays crisp at any zoom and printer resolution, is
 * selectable and searchable, and the file stays small (999 labels in a few hundred KB) — which a
 * screenshot of the DOM (html2canvas, jsPDF's `.html()`) would not give. Web fonts and effects
 * (shadows, gradients, transforms) are not reproduced; the allowed label styles have none of them.
 */

export interface PdfLabel {
  /** Purified, filled-in markup of one label. */
  html: string;
}

const PT_PER_MM = 72 / 25.4;
/** Descent of Helvetica/Arial below the baseline, in em: the text box bottom is this far below the baseline. */
const DESCENT = 0.212;

interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

function color(css: string): Rgba | undefined {
  const m = /rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)(?:[,\s/]+([\d.]+%?))?\s*\)/.exec(css);
  if (!m) return undefined;
  const alpha = m[4] === undefined ? 1 : m[4].endsWith('%') ? Number(m[4].slice(0, -1)) / 100 : Number(m[4]);
  return alpha <= 0 ? undefined : { r: Number(m[1]), g: Number(m[2]), b: Number(m[3]), a: alpha };
}

/** The standard PDF font closest to a CSS family, weight and style. */
function pdfFont(style: CSSStyleDeclaration): [string, string] {
  const family = style.fontFamily.toLowerCase();
  const name = /mono|courier|consolas/.test(family)
    ? 'courier'
    : /(^|[\s,"'])(times|georgia|garamond|serif)/.test(family) && !/sans/.test(family)
      ? 'times'
      : 'helvetica';
  const bold = style.fontWeight === 'bold' || Number(style.fontWeight) >= 600;
  const italic = style.fontStyle === 'italic' || style.fontStyle === 'oblique';
  return [name, bold && italic ? 'bolditalic' : bold ? 'bold' : italic ? 'italic' : 'normal'];
}

function transform(text: string, style: CSSStyleDeclaration): string {
  if (style.textTransform === 'uppercase') return text.toUpperCase();
  if (style.textTransform === 'lowercase') return text.toLowerCase();
  if (style.textTransform === 'capitalize')
    return text.replace(/(^|\s)(\S)/g, (_, space: string, c: string) => space + c.toUpperCase());
  return text;
}

interface Word {
  text: string;
  rect: DOMRect;
}

/** The words of a text node with their boxes; a word broken over two lines is split by character. */
function words(node: Text): Word[] {
  const found: Word[] = [];
  const range = document.createRange();
  for (const match of node.data.matchAll(/\S+/g)) {
    const start = match.index;
    range.setStart(node, start);
    range.setEnd(node, start + match[0].length);
    const rects = [...range.getClientRects()].filter((r) => r.width > 0);
    if (rects.length === 1) found.push({ text: match[0], rect: rects[0]! });
    else if (rects.length > 1) {
      for (let i = 0; i < match[0].length; i++) {
        range.setStart(node, start + i);
        range.setEnd(node, start + i + 1);
        const rect = range.getBoundingClientRect();
        if (rect.width > 0) found.push({ text: match[0][i]!, rect });
      }
    }
  }
  return found;
}

/** Consecutive words on one line become one run (one PDF text op). */
function lines(list: Word[]): Word[] {
  const runs: Word[] = [];
  for (const word of list) {
    const last = runs[runs.length - 1];
    if (last && Math.abs(last.rect.top - word.rect.top) < 1 && word.rect.left >= last.rect.right - 0.5) {
      const gap = word.rect.left - last.rect.right;
      const joined = new DOMRect(
        last.rect.left,
        Math.min(last.rect.top, word.rect.top),
        word.rect.right - last.rect.left,
        Math.max(last.rect.bottom, word.rect.bottom) - Math.min(last.rect.top, word.rect.top),
      );
      runs[runs.length - 1] = { text: `${last.text}${gap > 0.5 ? ' ' : ''}${word.text}`, rect: joined };
    } else runs.push(word);
  }
  return runs;
}

/** Draws one laid-out label box on the current page. */
function drawLabel(doc: jsPDF, box: HTMLElement, widthMm: number) {
  const origin = box.getBoundingClientRect();
  const mm = widthMm / origin.width;
  const x = (px: number) => (px - origin.left) * mm;
  const y = (px: number) => (px - origin.top) * mm;

  const paint = (el: Element) => {
    const style = getComputedStyle(el);
    if (style.display === 'none' || style.visibility === 'hidden') return;
    const rect = el.getBoundingClientRect();
    const background = color(style.backgroundColor);
    if (background && rect.width > 0 && rect.height > 0) {
      doc.setFillColor(background.r, background.g, background.b);
      const radius = parseFloat(style.borderTopLeftRadius) * mm || 0;
      if (radius > 0)
        doc.roundedRect(x(rect.left), y(rect.top), rect.width * mm, rect.height * mm, radius, radius, 'F');
      else doc.rect(x(rect.left), y(rect.top), rect.width * mm, rect.height * mm, 'F');
    }
    for (const side of ['Top', 'Right', 'Bottom', 'Left'] as const) {
      const width = parseFloat(style.getPropertyValue(`border-${side.toLowerCase()}-width`)) || 0;
      const kind = style.getPropertyValue(`border-${side.toLowerCase()}-style`);
      const ink = color(style.getPropertyValue(`border-${side.toLowerCase()}-color`));
      if (width <= 0 || !ink || kind === 'none' || kind === 'hidden') continue;
      const w = width * mm;
      doc.setDrawColor(ink.r, ink.g, ink.b);
      doc.setLineWidth(w);
      doc.setLineDashPattern(kind === 'dashed' ? [w * 3, w * 2] : kind === 'dotted' ? [w, w] : [], 0);
      const [l, t, r, b] = [x(rect.left), y(rect.top), x(rect.right), y(rect.bottom)];
      if (side === 'Top') doc.line(l, t + w / 2, r, t + w / 2);
      if (side === 'Bottom') doc.line(l, b - w / 2, r, b - w / 2);
      if (side === 'Left') doc.line(l + w / 2, t, l + w / 2, b);
      if (side === 'Right') doc.line(r - w / 2, t, r - w / 2, b);
    }
    doc.setLineDashPattern([], 0);
    if (el instanceof HTMLImageElement && el.complete && el.naturalWidth > 0 && rect.width > 0) {
      try {
        const source = el.src.startsWith('data:') ? el.src : el;
        const format = /^data:image\/jpe?g/i.test(el.src) ? 'JPEG' : 'PNG';
        doc.addImage(source, format, x(rect.left), y(rect.top), rect.width * mm, rect.height * mm);
      } catch {
        // A remote image without CORS cannot be read back: the label prints without it.
      }
    }
    for (const child of el.childNodes) {
      if (child instanceof Element) paint(child);
      else if (child instanceof Text && child.data.trim()) text(child, style);
    }
  };

  const text = (node: Text, style: CSSStyleDeclaration) => {
    const ink = color(style.color) ?? { r: 0, g: 0, b: 0, a: 1 };
    const sizePx = parseFloat(style.fontSize) || 12;
    const [font, weight] = pdfFont(style);
    doc.setFont(font, weight);
    doc.setFontSize(sizePx * mm * PT_PER_MM);
    doc.setTextColor(ink.r, ink.g, ink.b);
    for (const run of lines(words(node))) {
      const content = transform(run.text, style);
      const natural = doc.getTextWidth(content);
      const width = run.rect.width * mm;
      doc.text(content, x(run.rect.left), y(run.rect.bottom - DESCENT * sizePx), {
        baseline: 'alphabetic',
        horizontalScale: natural > 0 ? Math.min(2, Math.max(0.5, width / natural)) : 1,
      });
    }
  };

  paint(box);
}

/** Waits until the images of the box are loaded (or failed), at most `ms`. */
async function imagesLoaded(box: HTMLElement, ms = 3000): Promise<void> {
  const pending = [...box.querySelectorAll('img')].filter((img) => !img.complete);
  if (pending.length === 0) return;
  await Promise.race([
    Promise.all(
      pending.map(
        (img) =>
          new Promise((resolve) => {
            img.addEventListener('load', resolve, { once: true });
            img.addEventListener('error', resolve, { once: true });
          }),
      ),
    ),
    new Promise((resolve) => setTimeout(resolve, ms)),
  ]);
}

/**
 * The PDF of `labels` (one page each, `widthMm` × `heightMm`). `className` is the preview box's
 * class, so the labels are laid out with the preview's styles; `onProgress` reports labels done.
 */
export async function labelsPdf(
  labels: readonly PdfLabel[],
  widthMm: number,
  heightMm: number,
  className: string,
  onProgress?: (done: number) => void,
): Promise<Blob> {
  const orientation = widthMm > heightMm ? 'landscape' : 'portrait';
  const doc = new jsPDF({ unit: 'mm', format: [widthMm, heightMm], orientation, compress: true });
  doc.setProperties({ title: 'Etiquetas', creator: 'Freguesia' });
  const host = document.createElement('div');
  host.setAttribute('aria-hidden', 'true');
  host.style.cssText = 'position: fixed; left: -10000px; top: 0; pointer-events: none;';
  const box = document.createElement('div');
  box.className = className;
  box.style.width = `${widthMm}mm`;
  box.style.height = `${heightMm}mm`;
  host.appendChild(box);
  document.body.appendChild(host);
  try {
    for (const [i, label] of labels.entries()) {
      if (i > 0) doc.addPage([widthMm, heightMm], orientation);
      box.innerHTML = label.html;
      await imagesLoaded(box);
      drawLabel(doc, box, widthMm);
      if (i % 25 === 24) {
        onProgress?.(i + 1);
        // Lets the page repaint (the button's progress) between batches.
        await new Promise((resolve) => setTimeout(resolve, 0));
      }
    }
    onProgress?.(labels.length);
    return doc.output('blob');
  } finally {
    host.remove();
  }
}
