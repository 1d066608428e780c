/** The Freguesia mark: a rounded square with an "F", in the tenant's primary colour. */
const MARK_PATH = 'M20 46V18h24v7H28v5h13v7H28v9z';

export function BrandMark({ size = 40 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true">
      <rect width="64" height="64" rx="14" fill="var(--app-primary, #c62828)" />
      <path d={MARK_PATH} fill="#fff" />
    </svg>
  );
}

/** The same mark as an image URL, for components that take `src` (TopNavigation's logo). */
export function brandMarkUrl(color: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${color}"/><path d="${MARK_PATH}" fill="#fff"/></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}
