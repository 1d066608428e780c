import createDOMPurify, { type DOMPurify } from 'dompurify';
import { LABEL_IMAGE_SOURCE, LABEL_TAGS } from '@freguesia/shared/domain/label-template';

/**
 * Label markup for the browser: what the server keeps on save (functions/src/settings/labels.model.ts),
 * enforced again before a layout is shown — the editor previews markup that was never saved. Its
 * own DOMPurify instance, so the style hook touches nothing else.
 */

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
    ALLOWED_TAGS: LABEL_TAGS,
    ALLOWED_ATTR: ATTRIBUTES,
    ALLOWED_URI_REGEXP: LABEL_IMAGE_SOURCE,
    ALLOW_DATA_ATTR: false,
  });
}
