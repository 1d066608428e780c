import { sanitizeWith, type HtmlAllowList } from '../lib/html';
import { LABEL_IMAGE_SOURCE, LABEL_TAGS } from '@freguesia/shared/domain/label-template';

/**
 * What label markup may hold (spec part 3 §3 'Discount label': layout as markup text): the
 * layout of a printed label — blocks, inline text, line breaks, tables, images — styled by
 * `style` attributes restricted to layout and typography properties. No scripts, no event
 * handlers, no links, forms or frames, no `javascript:` URLs, no CSS that fetches (`url(...)`)
 * or runs (`expression(...)`). `{{placeholders}}` are plain text and pass through untouched.
 */

/** A CSS value without functions that fetch or run, escapes, or anything that ends the declaration. */
const SAFE_VALUE = /^(?![\s\S]*(?:url|expression|image-set|element|paint|env|attr)\s*\()[-#%.,'"\w\s()/+]*$/i;
const KEYWORD = (...words: string[]) => new RegExp(`^(?:${words.join('|')})$`, 'i');

const STYLE_PROPERTIES = [
  'color',
  'background',
  'background-color',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'line-height',
  'letter-spacing',
  'text-align',
  'text-decoration',
  'text-transform',
  'vertical-align',
  'white-space',
  'word-break',
  'overflow-wrap',
  'width',
  'height',
  'min-width',
  'min-height',
  'max-width',
  'max-height',
  'margin',
  'margin-top',
  'margin-right',
  'margin-bottom',
  'margin-left',
  'padding',
  'padding-top',
  'padding-right',
  'padding-bottom',
  'padding-left',
  'border',
  'border-top',
  'border-right',
  'border-bottom',
  'border-left',
  'border-color',
  'border-width',
  'border-style',
  'border-radius',
  'border-collapse',
  'box-sizing',
  'flex',
  'flex-direction',
  'flex-wrap',
  'justify-content',
  'align-items',
  'align-self',
  'gap',
  'top',
  'right',
  'bottom',
  'left',
  'opacity',
] as const;

const allowedStyles: Record<string, RegExp[]> = {
  ...Object.fromEntries(STYLE_PROPERTIES.map((p) => [p, [SAFE_VALUE]])),
  display: [
    KEYWORD(
      'block',
      'inline',
      'inline-block',
      'flex',
      'inline-flex',
      'none',
      'table',
      'table-row',
      'table-cell',
      'grid',
    ),
  ],
  position: [KEYWORD('static', 'relative', 'absolute')],
  overflow: [KEYWORD('visible', 'hidden', 'clip')],
};

export const LABEL_MARKUP_OPTIONS: HtmlAllowList = {
  allowedTags: LABEL_TAGS,
  allowedAttributes: {
    '*': ['style', 'title'],
    img: ['src', 'alt', 'width', 'height'],
    td: ['colspan', 'rowspan', 'align', 'valign'],
    th: ['colspan', 'rowspan', 'align', 'valign'],
    col: ['span', 'width'],
  },
  allowedStyles: { '*': allowedStyles },
  allowedSchemes: ['http', 'https'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowedSchemesAppliedToAttributes: ['src'],
  allowProtocolRelative: false,
  // An image needs an http(s) address or a raster data: URL (no SVG, which can carry scripts of
  // its own); one whose source was removed or is relative would only show as broken.
  exclusiveFilter: (frame) => frame.tag === 'img' && !LABEL_IMAGE_SOURCE.test(frame.attribs.src ?? ''),
  disallowedTagsMode: 'discard',
};

/** Label markup as stored: only what {@link LABEL_MARKUP_OPTIONS} allows. */
export const sanitizeLabelMarkup = (markup: string): string =>
  sanitizeWith(markup, LABEL_MARKUP_OPTIONS).trim();
