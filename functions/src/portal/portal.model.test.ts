import { describe, expect, it } from 'vitest';
import { PortalCustomer } from '@freguesia/shared/schemas/customer';
import { mergePortalTags, missingRequired, parsePortalTags } from './portal.model';

describe('portal rules', () => {
  it('reads portal_tags as JSON or separated text', () => {
    expect(parsePortalTags('Vinhos, Cervejas;Queijos\nPet, Vinhos')).toEqual([
      'Vinhos',
      'Cervejas',
      'Queijos',
      'Pet',
    ]);
    expect(parsePortalTags('["Vinhos", {"description": "Café"}]')).toEqual(['Vinhos', 'Café']);
    expect(parsePortalTags('[not json')).toEqual(['[not json']);
    expect(parsePortalTags(null)).toEqual([]);
  });

  it('keeps staff tags and only offered interests', () => {
    expect(mergePortalTags(['Vinhos', 'Hack'], ['Vinhos', 'Cervejas'], ['VIP', 'Cervejas'])).toEqual([
      'VIP',
      'Vinhos',
    ]);
  });

  it('requires the fields named by portal_fields_require', () => {
    const payload = PortalCustomer.parse({
      document: '12345678909',
      fullname: 'Ana',
      password: 'segredo1',
      agreement: 'Y',
      cellphone_optout: 'Y',
      whatsapp_optout: 'Y',
      email_optout: 'Y',
      app_optout: 'Y',
    });
    expect(missingRequired(payload, ['email', 'tags', 'communications'])).toEqual({
      email: 'Preencha o campo obrigatório: E-mail',
      tags: 'Preencha o campo obrigatório: Interesses',
      communications: 'Preencha o campo obrigatório: Comunicações',
    });
    expect(
      missingRequired({ ...payload, email: 'a@b.com', tags: ['x'], app_optout: 'N' }, [
        'email',
        'tags',
        'communications',
      ]),
    ).toEqual({});
  });
});
