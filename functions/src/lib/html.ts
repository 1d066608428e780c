import sanitizeHtml from 'sanitize-html';

/**
 * User-authored HTML that customers will receive (e-mail bodies and templates): what an e-mail
 * editor produces survives (layout tables, inline styles and a <style> block, images, links),
 * everything that can run code does not (scripts, event handlers, iframes, forms, `javascript:`
 * and other non-web URLs). Done on save, so what is stored is what is sent and previewed.
 */
const EMAIL_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    ...sanitizeHtml.defaults.allowedTags,
    'html', 'head', 'body', 'title', 'meta', 'style', 'img', 'center', 'font', 'span', 'div', 'table', 'thead', 'tbody',
    'tfoot', 'tr', 'td', 'th', 'colgroup', 'col', 'u', 's', 'small', 'big', 'sup', 'sub', 'hr', 'br',
  ],
  allowedAttributes: {
    '*': ['style', 'class', 'id', 'align', 'valign', 'width', 'height', 'bgcolor', 'color', 'border', 'dir', 'lang', 'title', 'role'],
    a: ['href', 'name', 'target', 'rel', 'style', 'class', 'id', 'title'],
    img: ['src', 'alt', 'width', 'height', 'style', 'class', 'id', 'border', 'align', 'title'],
    table: ['cellpadding', 'cellspacing', 'border', 'width', 'height', 'align', 'bgcolor', 'style', 'class', 'id', 'role'],
    td: ['colspan', 'rowspan', 'width', 'height', 'align', 'valign', 'bgcolor', 'style', 'class', 'id'],
    th: ['colspan', 'rowspan', 'width', 'height', 'align', 'valign', 'bgcolor', 'style', 'class', 'id'],
    meta: ['charset', 'name', 'content'],
    font: ['face', 'size', 'color', 'style'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowProtocolRelative: false,
  // A <style> block is CSS only: sanitize-html keeps its text and never lets markup through it.
  allowVulnerableTags: true,
  disallowedTagsMode: 'discard',
};

export const sanitizeEmailHtml = (html: string): string => sanitizeHtml(html, EMAIL_OPTIONS).replace(/expression\s*\(|url\s*\(\s*['"]?\s*javascript:/gi, '');

/** Escapes text for HTML (template variables put into user HTML): the shared escaper. */
export { escapeHtml } from '@freguesia/shared/domain/text';
