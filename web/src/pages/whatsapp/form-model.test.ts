import { WHATSAPP_MESSAGES } from '@freguesia/shared/domain/whatsapp';
import { describe, expect, it } from 'vitest';
import type { WhatsappCampaign } from '../../api/whatsapp';
import {
  bulkDescriptions,
  emptyWhatsappForm,
  newMessage,
  previewText,
  reach,
  submitLabel,
  unknownVariables,
  whatsappFormSchema,
  whatsappFromCampaign,
  whatsappToPayload,
  type WhatsappFormValues,
} from './form-model';

const NOW = new Date('2030-03-10T12:00:00-03:00');
const valid = (over: Partial<WhatsappFormValues> = {}): WhatsappFormValues => ({
  ...emptyWhatsappForm(),
  description: 'Ofertas',
  channel_id: '3',
  run_day: '11/03/2030',
  run_time: '09:30',
  flow: [{ ...newMessage('T'), key: 'a', value: 'Oi {{primeiro_nome}}' }],
  ...over,
});
const messages = (values: WhatsappFormValues, options: Parameters<typeof whatsappFormSchema>[0] = {}) => {
  const r = whatsappFormSchema({ now: () => NOW, ...options }).safeParse(values);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('WhatsApp campaign form', () => {
  it('accepts a complete WPPM and maps it to the wire body', () => {
    expect(messages(valid())).toEqual({});
    expect(
      whatsappToPayload(
        valid({
          audience: 'lead',
          id_lead: '7',
          deadline_day: '12/03/2030',
          deadline_time: '18:00',
          ban_safety: false,
          flow: [
            { key: 'a', type: 'T', value: ' Oi ', extra: '', subtype: '' },
            { key: 'b', type: 'M', value: 'https://x.test/a.jpg', extra: 'Legenda', subtype: 'I' },
          ],
        }),
      ),
    ).toEqual({
      description: 'Ofertas',
      type: 'WPPM',
      active: 'Y',
      channel_id: 3,
      channels: [],
      groups: [],
      run_type: 'O',
      run_on: '2030-03-11 09:30',
      run_frequency: '',
      deadline: '2030-03-12 18:00',
      id_lead: 7,
      ban_safety: false,
      flow: [
        { key: 'a', type: 'T', value: 'Oi' },
        { key: 'b', type: 'M', value: 'https://x.test/a.jpg', extra: 'Legenda', subtype: 'I' },
      ],
      status_image: '',
      status_caption: '',
    });
  });

  it('asks for the frequency of a recurring campaign with the spec message', () => {
    expect(messages(valid({ run_type: 'R', run_frequency: '' }))).toMatchObject({
      run_frequency: 'Informe a frequência de execução',
    });
    expect(messages(valid({ run_type: 'R', run_frequency: '0 9 * * 1' }))).toEqual({});
  });

  it('refuses a schedule in the past, unless it is the saved one of an edit', () => {
    const past = valid({ run_day: '09/03/2030', run_time: '08:00' });
    expect(messages(past)).toMatchObject({ run_day: WHATSAPP_MESSAGES.runOnPast });
    expect(messages(past, { edit: { id: 4, updated_at: 'x' }, originalRunOn: '2030-03-09 08:00' })).toEqual(
      {},
    );
  });

  it('speaks of a half-typed schedule once, under the field that is missing', () => {
    const m = messages(valid({ run_time: '' }));
    expect(m.run_time).toBe('Hora inválida: use HH:mm.');
    expect(m.run_day).toBeUndefined();
  });

  it('refuses a deadline before the schedule', () => {
    expect(messages(valid({ deadline_day: '11/03/2030', deadline_time: '09:00' }))).toMatchObject({
      deadline_day: WHATSAPP_MESSAGES.deadlineBefore,
    });
    expect(messages(valid({ deadline_day: '11/03/2030', deadline_time: '10:00' }))).toEqual({});
  });

  it('needs a channel, a lead when the audience is one, a message, and groups for group types', () => {
    expect(messages(valid({ channel_id: '' }))).toMatchObject({ channel_id: WHATSAPP_MESSAGES.channel });
    expect(messages(valid({ audience: 'lead', id_lead: '' }))).toMatchObject({
      id_lead: 'Selecione o lead.',
    });
    expect(messages(valid({ flow: [] }))).toMatchObject({ flow: WHATSAPP_MESSAGES.message });
    expect(messages(valid({ type: 'WPPGM' }))).toMatchObject({ groups: WHATSAPP_MESSAGES.group });
    expect(messages(valid({ type: 'WPPMM', channel_id: '' }))).toMatchObject({
      channels: WHATSAPP_MESSAGES.channels,
    });
  });

  it("checks each message's value under its own field", () => {
    const flow = [
      { key: 'a', type: 'T' as const, value: 'Oi {{apelido}}', extra: '', subtype: '' as const },
      { key: 'b', type: 'L' as const, value: 'perto do mercado', extra: '', subtype: '' as const },
      { key: 'c', type: 'M' as const, value: 'ftp://x/a.jpg', extra: '', subtype: 'I' as const },
    ];
    const m = messages(valid({ flow }));
    expect(m['flow.0.value']).toContain('{{apelido}}');
    expect(m['flow.1.value']).toBe('Use latitude,longitude.');
    expect(m['flow.2.value']).toBe('Use uma URL http(s) para a mídia.');
  });

  it("keeps the media check's message while that URL is there ('Arquivo muito grande!')", () => {
    const problems = new Map([['https://x.test/big.mp4', WHATSAPP_MESSAGES.tooBig]]);
    const media = (value: string) =>
      valid({ flow: [{ key: 'm', type: 'M', value, extra: '', subtype: 'V' }] });
    expect(messages(media('https://x.test/big.mp4'), { mediaProblems: problems })).toEqual({
      'flow.0.value': 'Arquivo muito grande!',
    });
    expect(messages(media('https://x.test/small.mp4'), { mediaProblems: problems })).toEqual({});
  });

  it('names the campaigns of the bulk types with " - [name]"', () => {
    const names = (id: number) => ({ 1: 'Loja Centro', 2: 'Loja Norte' })[id];
    expect(
      bulkDescriptions({ description: 'Promo ', type: 'WPPMM', channels: ['1', '2'], groups: [] }, names),
    ).toEqual(['Promo - Loja Centro', 'Promo - Loja Norte']);
    expect(
      bulkDescriptions(
        {
          description: 'Promo',
          type: 'WPPGM',
          channels: [],
          groups: [
            { id: 'g1', name: 'VIP' },
            { id: 'g2', name: '' },
          ],
        },
        names,
      ),
    ).toEqual(['Promo - VIP', 'Promo - g2']);
    expect(bulkDescriptions({ description: 'Promo', type: 'WPPM', channels: [], groups: [] }, names)).toEqual(
      ['Promo'],
    );
  });

  it('clones with " DUPLICADA" and no schedule; edits keep the saved values', () => {
    const saved: WhatsappCampaign = {
      id: 12,
      description: 'Grupo VIP',
      type: 'WPPG',
      active: 'Y',
      id_lead: null,
      lead_description: null,
      channel: 'Loja',
      channel_id: 3,
      info: {
        flow: JSON.stringify([{ key: 'k', type: 'T', value: 'Oi' }]),
        type: 'O',
        run_on: '2030-03-11 09:30',
        deadline: '2030-03-12 10:00',
        recipients: '120@g.us',
        group_name: 'VIP',
        ban_safety: false,
        status_image: 'https://x.test/s.jpg',
        status_caption: 'Hoje',
      },
      status: 'WAITING',
      speed: null,
      report: [],
      created_at: '2030-03-01 10:00:00',
      updated_at: '2030-03-01 10:00:00',
    };
    const edit = whatsappFromCampaign(saved);
    expect(edit).toMatchObject({
      description: 'Grupo VIP',
      type: 'WPPG',
      channel_id: '3',
      groups: [{ id: '120@g.us', name: 'VIP' }],
      run_day: '11/03/2030',
      run_time: '09:30',
      deadline_day: '12/03/2030',
      deadline_time: '10:00',
      ban_safety: false,
      status_image: 'https://x.test/s.jpg',
      status_caption: 'Hoje',
    });
    expect(edit.flow).toEqual([{ key: 'k', type: 'T', value: 'Oi', extra: '', subtype: '' }]);
    const clone = whatsappFromCampaign(saved, true);
    expect(clone.description).toBe('Grupo VIP DUPLICADA');
    expect(clone.run_day).toBe('');
  });

  it('labels the submit button by mode, fills the preview and computes the reach', () => {
    expect([submitLabel('new'), submitLabel('edit'), submitLabel('clone')]).toEqual([
      'Cadastrar Campanha',
      'Alterar Campanha',
      'Duplicar Campanha',
    ]);
    expect(previewText('Oi {{primeiro_nome}}, {{x}}')).toBe('Oi Maria, {{x}}');
    expect(unknownVariables('{{nome}} {{ foo }} {{foo}}')).toEqual(['foo']);
    expect(reach(true, { total: 10, total_optout: 3 }, { total: 99 })).toBe(7);
    expect(reach(false, { total: 10, total_optout: 3 }, { total: 99 })).toBe(99);
    expect(reach(true, undefined, { total: 99 })).toBeUndefined();
  });
});
