import { it } from 'vitest';
import { generateThemeStylesheet } from '@cloudscape-design/components/theming';
it('gen', () => {
  const css = generateThemeStylesheet({ theme: { tokens: { colorBackgroundButtonPrimaryDefault: '#000001', colorTextLinkDefault: '#000002', colorBackgroundSideNavigationItemActive: '#000003' } } });
  console.log(css.length, css.slice(0, 3000));
});
