import createDOMPurify, { type DOMPurify } from 'dompurify';

/**
 * Label markup for the browser: what the server keeps on save (functions/src/settings/labels.model.ts),
 * enforced again before a layout is shown — the editor previews markup that was never saved. Its
 * own DOMPurify instance, so the style hook touches nothing else.
 */

const TAGS = [
  'div',
  'span',
  'p',
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'small',
  'big',
  'sub',
  'sup',
  'br',
  'hr',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'img',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'td',
  'th',
  'colgroup',
  'col',
  'caption',
];
const ATTRIBUTES = [
  'style',
  'title',
  'src',
  'alt',
  'width',
  'height',
  'colspan',
  'rowspan',
  'align',
  'valign',
  'span',
];
/** http(s) and raster data: images; no other scheme (javascript:, data:text/html, …). */
const URLS = /^(?:https?:\/\/|data:image\/(?:png|jpe?g|gif|webp);)/i;
/** CSS that fetches or runs, or positions over the page. */
const UNSAFE_STYLE =
  /(?:url|expression|image-set|element|paint|env|attr)\s*\(|position\s*:\s*(?:fixed|sticky)|[\\<>@]|behavior|-moz-binding/i;

let purifier: DOMPurify | undefined;

function instance(): DOMPurify {
  if (purifier) return purifier;
  purifier = createDOMPurify(window);
  purifier.addHook('uponSanitizeAttribute', (_node, data) => {
    if (data.attrName === 'style' && UNSAFE_STYLE.test(data.attrValue)) data.keepAttr = false;
  });
  return purifier;
}

/** The markup with only the label tags, attributes, URLs and styles left. */
export function purifyLabelMarkup(markup: string): string {
  return instance().sanitize(markup, {
    ALLOWED_TAGS: TAGS,
    ALLOWED_ATTR: ATTRIBUTES,
    ALLOWED_URI_REGEXP: URLS,
    ALLOW_DATA_ATTR: false,
  });
}
