import { describe, expect, it } from 'vitest';
import { COMMUNICATION_MESSAGES, CommunicationCampaign, isWebUrl, TEMPLATE_VARIABLES } from './communication';

/** The field messages of a save, as the browser form shows them. */
const errors = (body: unknown): Record<string, string> => {
  const parsed = CommunicationCampaign.safeParse(body);
  if (parsed.success) return {};
  return Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]));
};

const push = (url: string) => ({
  description: 'Push',
  type: 'PUSH',
  info: { layout_header: 'Oferta', layout_body: 'Só hoje', url },
});
const art = (url: string, click = '') => ({
  description: 'Arte',
  type: 'APPB',
  start_at: '2026-01-01',
  always_valid: 'Y',
  info: { url, layout_body: click },
});

describe('web URLs of push and app art', () => {
  it('accepts http(s) addresses only, without anything that could close an HTML attribute', () => {
    for (const ok of [
      'https://loja.example/ofertas',
      'http://loja.example',
      'https://cdn.loja.example/a.png?v=2&x=1#topo',
    ])
      expect(isWebUrl(ok), ok).toBe(true);
    const bad = [
      'javascript:alert(1)',
      ' javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'app://abrir',
      '//loja.example',
      'https://',
      'https://a.example/x.png" onerror="alert(1)',
      "https://a.example/x.png'",
      'https://a.example/<script>',
      'https://a.example/a b.png',
      'https://a.example/\\x',
    ];
    for (const url of bad) expect(isWebUrl(url), url).toBe(false);
  });

  it('refuses a push click URL and an art image or click URL that is not http(s), with the same message', () => {
    expect(errors(push('javascript:alert(1)'))['info.url']).toBe(COMMUNICATION_MESSAGES.webUrl);
    expect(errors(push('https://loja.example'))).toEqual({});
    expect(errors(push(''))).toEqual({});
    expect(errors(art('https://a.example/x.png" onerror="alert(1)'))['info.url']).toBe(
      COMMUNICATION_MESSAGES.webUrl,
    );
    expect(errors(art('https://a.example/x.png', 'javascript:alert(1)'))['info.layout_body']).toBe(
      COMMUNICATION_MESSAGES.webUrl,
    );
    expect(errors(art('https://a.example/x.png', 'https://loja.example'))).toEqual({});
    expect(errors(art(''))['info.url']).toBe(COMMUNICATION_MESSAGES.artUrl);
  });
});

describe('template variables (issue 20 item 13)', () => {
  const sms = (body: string) => ({ description: 'SMS', type: 'SMS', info: { layout_body: body } });
  it('accepts every variable the editor offers, with or without spaces inside the braces', () => {
    const every = TEMPLATE_VARIABLES.map((v) => `{{${v}}}`).join(' ');
    expect(errors(sms(`Oi ${every} {{ primeiro_nome }}`))).toEqual({});
  });

  it('refuses an unknown variable at save, naming it, instead of sending it as literal text', () => {
    expect(errors(sms('Oi {{cupom}}, passe na {{ Loja }}'))['info.layout_body']).toBe(
      COMMUNICATION_MESSAGES.unknownVariable(['cupom', 'Loja']),
    );
    expect(COMMUNICATION_MESSAGES.unknownVariable(['cupom'])).toBe(
      'Variável desconhecida: {{cupom}}. Use {{nome}}, {{primeiro_nome}}, {{email}}, {{celular}}, {{documento}} ou {{loja}}.',
    );
    const email = {
      description: 'E-mail',
      type: 'EMAIL',
      info: { layout_title: 'Olá {{apelido}}', layout_body: '<p>{{nome}}</p>' },
    };
    expect(errors(email)['info.layout_title']).toBe(COMMUNICATION_MESSAGES.unknownVariable(['apelido']));
  });
});
