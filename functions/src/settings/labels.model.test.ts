import { describe, expect, it } from 'vitest';
import { sanitizeLabelMarkup } from './labels.model';

describe('sanitizeLabelMarkup', () => {
  it('keeps label markup, its placeholders and safe styles', () => {
    const markup =
      '<div style="font-size: 12px; text-align: center; border: 1px solid #000"><b>{{description}}</b><br>' +
      '<table><tr><td colspan="2" style="padding: 1mm">R$ {{price_integer}}<sup>,{{price_cents}}</sup></td></tr></table></div>';
    expect(sanitizeLabelMarkup(markup)).toBe(
      '<div style="font-size:12px;text-align:center;border:1px solid #000"><b>{{description}}</b><br />' +
        '<table><tr><td colspan="2" style="padding:1mm">R$ {{price_integer}}<sup>,{{price_cents}}</sup></td></tr></table></div>',
    );
  });

  it('drops scripts, handlers, script URLs and styles that fetch or run', () => {
    const out = sanitizeLabelMarkup(
      '<p onmouseover="x()">a<script>alert(1)</script><svg onload="alert(2)"></svg>' +
        '<img src="javascript:alert(3)"><img src="//evil.test/a.png"><img src="https://cdn.test/logo.png" onerror="alert(4)">' +
        '<span style="background-image: url(https://evil.test); color: red; behavior: url(x.htc); width: expression(alert(5))">b</span></p>',
    );
    expect(out).toBe('<p>a<img src="https://cdn.test/logo.png" /><span style="color:red">b</span></p>');
  });

  it('accepts data: URLs of raster images only', () => {
    expect(sanitizeLabelMarkup('<img src="data:image/png;base64,AAAA">')).toBe(
      '<img src="data:image/png;base64,AAAA" />',
    );
    expect(
      sanitizeLabelMarkup('<img src="data:image/svg+xml;base64,AAAA"><img src="data:text/html,<script>">'),
    ).toBe('');
  });
});
