import { describe, expect, it } from 'vitest';
import type { CommunicationDetails } from '../../../api/communications';
import {
  artFormSchema,
  artFromDetails,
  artPeriodText,
  artToPayload,
  artTypeLabel,
  emptyArtForm,
  type ArtFormValues,
} from './form-model';

const valid = (over: Partial<ArtFormValues> = {}): ArtFormValues => ({
  ...emptyArtForm('2025-06-01'),
  description: 'Banner de Natal',
  type: 'APPB',
  end_at: '31/12/2025',
  url: 'https://cdn.test/natal.png',
  ...over,
});
const messages = (values: ArtFormValues) => {
  const r = artFormSchema().safeParse(values);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('app art form model', () => {
  it('starts today and maps a period to start_at / end_at', () => {
    expect(emptyArtForm('2025-06-01').start_at).toBe('01/06/2025');
    expect(artToPayload(valid({ click_url: 'https://loja.test' }))).toMatchObject({
      type: 'APPB',
      always_valid: 'N',
      start_at: '2025-06-01',
      end_at: '2025-12-31',
      id_lead: null,
      info: { url: 'https://cdn.test/natal.png', layout_body: 'https://loja.test' },
    });
  });

  it("'Sem prazo final' sends one start date and ends on 9999-12-31", () => {
    const payload = artToPayload(valid({ always_valid: 'Y', end_at: '31/12/2025' }));
    expect(payload).toMatchObject({ always_valid: 'Y', start_at: '2025-06-01', end_at: '9999-12-31' });
    expect(messages(valid({ always_valid: 'Y', end_at: '' }))).toEqual({});
  });

  it('asks for the description, type, period and art URL with the spec messages', () => {
    expect(messages(valid({ description: '', type: '', url: '' }))).toMatchObject({
      description: 'Informe a descrição da arte',
      type: 'Selecione o tipo da arte.',
      url: 'Informe a URL da arte.',
    });
    expect(messages(valid({ end_at: '' }))).toMatchObject({ end_at: 'Selecione o Período' });
    expect(messages(valid({ start_at: '' }))).toMatchObject({ start_at: 'Selecione o Período' });
    expect(messages(valid({ url: 'ftp://x' }))).toMatchObject({ url: 'Use uma URL http(s).' });
  });

  it('labels APPB Banner and anything else Flyer, and writes the period "start até end"', () => {
    expect(artTypeLabel('APPB')).toBe('Banner');
    expect(artTypeLabel('APPF')).toBe('Flyer');
    expect(artPeriodText('2025-06-01', '9999-12-31')).toBe('01/06/2025 até 31/12/9999');
  });

  it('reads a saved art without end back as "Sem prazo final"', () => {
    const saved = {
      id: 2,
      description: 'Flyer',
      type: 'APPF',
      active: 'Y',
      id_lead: null,
      lead_description: null,
      start_at: '2025-06-01',
      end_at: '9999-12-31',
      created_at: '',
      updated_at: '',
      info: { url: 'https://a.test/x.png', layout_body: 'https://b.test' },
    } as unknown as CommunicationDetails;
    expect(artFromDetails(saved)).toMatchObject({
      always_valid: 'Y',
      start_at: '01/06/2025',
      end_at: '',
      type: 'APPF',
      url: 'https://a.test/x.png',
      click_url: 'https://b.test',
    });
  });
});
