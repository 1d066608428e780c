import sanitizeHtml from 'sanitize-html';

/** An allow-list of the sanitiser (the e-mail's is below; label layouts keep their own). */
export type HtmlAllowList = sanitizeHtml.IOptions;

/**
 * Sanitises `html` with another allow-list than the e-mail's (settings/labels.model.ts): this file
 * is the one place sanitize-html is imported, so the functions that carry it are found from here.
 */
export const sanitizeWith = (html: string, allowList: HtmlAllowList): string => sanitizeHtml(html, allowList);

/**
 * User-authored HTML that customers will receive (e-mail bodies and templates): what an e-mail
 * editor produces survives (layout tables, inline styles and a <style> block, images, links),
 * everything that can run code does not (scripts, event handlers, iframes, forms, `javascript:`
 * and other non-web URLs). Done on save, so what is stored is what is sent and previewed.
 */
const EMAIL_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    ...sanitizeHtml.defaults.allowedTags,
    'html',
    'head',
    'body',
    'title',
    'meta',
    'style',
    'img',
    'center',
    'font',
    'span',
    'div',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'td',
    'th',
    'colgroup',
    'col',
    'u',
    's',
    'small',
    'big',
    'sup',
    'sub',
    'hr',
    'br',
  ],
  allowedAttributes: {
    '*': [
      'style',
      'class',
      'id',
      'align',
      'valign',
      'width',
      'height',
      'bgcolor',
      'color',
      'border',
      'dir',
      'lang',
      'title',
      'role',
    ],
    a: ['href', 'name', 'target', 'rel', 'style', 'class', 'id', 'title'],
    img: ['src', 'alt', 'width', 'height', 'style', 'class', 'id', 'border', 'align', 'title'],
    table: [
      'cellpadding',
      'cellspacing',
      'border',
      'width',
      'height',
      'align',
      'bgcolor',
      'style',
      'class',
      'id',
      'role',
    ],
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

export const sanitizeEmailHtml = (html: string): string =>
  sanitizeHtml(html, EMAIL_OPTIONS).replace(/expression\s*\(|url\s*\(\s*['"]?\s*javascript:/gi, '');

/** Escapes text for HTML (template variables put into user HTML): the shared escaper. */
export { escapeHtml } from '@freguesia/shared/domain/text';

/** Component types and tags of a GrapesJS project that run code or embed other documents. */
const PROJECT_DENIED_TYPES = new Set([
  'script',
  'iframe',
  'video',
  'map',
  'svg',
  'svg-in',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'form',
  'input',
  'textarea',
  'select',
]);
const PROJECT_ALLOWED_TAGS = new Set((EMAIL_OPTIONS.allowedTags as string[]).map((t) => t.toLowerCase()));
/** Keys whose value is a URL, wherever they appear (attributes, assets, image components). */
const URL_KEYS = new Set([
  'href',
  'src',
  'action',
  'formaction',
  'background',
  'poster',
  'xlink:href',
  'lowsrc',
  'dynsrc',
  'cite',
  'longdesc',
  'usemap',
  'srcset',
  'ping',
  'manifest',
  'codebase',
]);
/** Keys that hold code GrapesJS would run in the editor's frame, or documents it would embed. */
const CODE_KEYS = new Set(['script', 'script-export', 'script-props', 'srcdoc', 'http-equiv']);
const SAFE_URL = /^(?!\/\/)(?:https?:|mailto:|tel:|#|\/(?!\/)|\.{1,2}\/|[^:/]*(?:[/?#].*)?$)/i;
const SAFE_IMAGE_DATA = /^data:image\/(?:png|gif|jpe?g|webp);/i;
const LOOKS_LIKE_HTML = /<[a-z!/?]/i;
const CSS_CODE = /expression\s*\(|url\s*\(\s*['"]?\s*javascript:/gi;
const MAX_PROJECT_DEPTH = 200;

const isSafeUrl = (key: string, value: string) => {
  // Browsers ignore control characters and spaces inside a scheme ("java\tscript:").
  let compact = '';
  for (const c of value) if (c > ' ' && c !== '\u007f') compact += c;
  return SAFE_URL.test(compact) || (key === 'src' && SAFE_IMAGE_DATA.test(compact));
};

/** A component the project must not keep: a tag outside the e-mail rules, or a type that runs code. */
function deniedComponent(node: Record<string, unknown>): boolean {
  const type = typeof node.type === 'string' ? node.type.toLowerCase() : undefined;
  const tag = typeof node.tagName === 'string' ? node.tagName.toLowerCase() : undefined;
  if (type && PROJECT_DENIED_TYPES.has(type)) return true;
  return tag !== undefined && !PROJECT_ALLOWED_TAGS.has(tag);
}

/** Thrown past MAX_PROJECT_DEPTH: a project nested that deep is not one the editor made. */
class TooDeep extends Error {}

function cleanValue(value: unknown, key: string, depth: number): unknown {
  if (depth > MAX_PROJECT_DEPTH) throw new TooDeep();
  if (typeof value === 'string') {
    if (URL_KEYS.has(key.toLowerCase()) && !isSafeUrl(key.toLowerCase(), value)) return undefined;
    const html = LOOKS_LIKE_HTML.test(value) ? sanitizeEmailHtml(value) : value;
    return html.replace(CSS_CODE, '');
  }
  if (Array.isArray(value)) {
    return value.map((v) => cleanValue(v, key, depth + 1)).filter((v) => v !== undefined);
  }
  if (value && typeof value === 'object') {
    const node = value as Record<string, unknown>;
    if (deniedComponent(node)) return undefined;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(node)) {
      const name = k.toLowerCase();
      if (CODE_KEYS.has(name)) continue;
      // Event handlers (onerror, onload…) in a component's attributes never survive.
      if (key === 'attributes' && name.startsWith('on')) continue;
      const cleaned = cleanValue(v, k, depth + 1);
      if (cleaned !== undefined) out[k] = cleaned;
    }
    return out;
  }
  return value;
}

/**
 * The e-mail editor's project (`info.flow`, GrapesJS project JSON) as it may be stored: the editor
 * loads it into a frame of the app's own origin, so it gets the rules of the body
 * ({@link sanitizeEmailHtml}): every HTML string inside is sanitised, components that run code or
 * embed documents (script, iframe, video, forms, SVG) are dropped, and so are event-handler
 * attributes, component scripts and URLs with another scheme than http(s), mailto, tel (and
 * data: images). What is left is still a project the editor loads. Text that is not a JSON object
 * (or is nested deeper than any editor makes) is dropped: the editor then opens the sanitised body.
 */
export function sanitizeEditorProject(flow: string): string {
  if (!flow.trim()) return '';
  let project: unknown;
  try {
    project = JSON.parse(flow);
  } catch {
    return '';
  }
  if (!project || typeof project !== 'object' || Array.isArray(project)) return '';
  try {
    return JSON.stringify(cleanValue(project, '', 0));
  } catch (error) {
    if (error instanceof TooDeep) return '';
    throw error;
  }
}
