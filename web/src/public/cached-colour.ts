import { browserStorage } from '../app/storage';
import { CACHED_COLOUR_KEY, normalizeHex } from '../app/theme-tokens';

/**
 * Paints the tenant colour of the last visit on the prerendered page as soon as its entry runs,
 * long before the theme code (with the page's code) arrives: the markup is drawn in the default
 * red, and a green tenant would otherwise see it switch colour a second or two later.
 */
export function paintCachedColour(): void {
  const colour = normalizeHex(browserStorage('local')?.getItem(CACHED_COLOUR_KEY));
  if (colour) document.documentElement.style.setProperty('--app-primary', colour);
}
