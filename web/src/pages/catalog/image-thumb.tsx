import { useState } from 'react';

/** Inline SVG placeholder (no network): a grey frame with a picture glyph. */
export const IMAGE_PLACEHOLDER =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="48" height="48" viewBox="0 0 48 48">' +
      '<rect width="48" height="48" rx="6" fill="#eef1f4"/>' +
      '<path d="M12 33l8-10 6 7 4-5 6 8z" fill="#b5bcc4"/>' +
      '<circle cx="31" cy="17" r="3.5" fill="#b5bcc4"/></svg>',
  );

/**
 * A small image with a placeholder fallback: an empty URL shows the placeholder and a URL that
 * fails to load is swapped for it (onError).
 */
export function ImageThumb({ src, alt, size = 40 }: { src?: string | null; alt: string; size?: number }) {
  const [failed, setFailed] = useState<string | null>(null);
  const usable = src && failed !== src ? src : IMAGE_PLACEHOLDER;
  return (
    <img
      src={usable}
      alt={alt}
      width={size}
      height={size}
      loading="lazy"
      data-testid="image-thumb"
      data-placeholder={usable === IMAGE_PLACEHOLDER ? 'true' : 'false'}
      style={{ objectFit: 'contain', borderRadius: 6, display: 'block', background: '#fff' }}
      onError={() => setFailed(src ?? null)}
    />
  );
}
