import { describe, expect, it } from 'vitest';
import type { CommunicationDetails } from '../../../api/communications';
import {
  approvalBlock,
  approvalText,
  commonFromDetails,
  commonToPayload,
  emptyCommon,
  executedText,
  populationText,
  routeId,
  runOnOf,
  whenText,
} from './model';
import { relativeTime } from './relative-time';

const details = (
  over: Partial<CommunicationDetails> = {},
  info: Partial<CommunicationDetails['info']> = {},
): CommunicationDetails =>
  ({
    id: 7,
    description: 'Ofertas',
    type: 'SMS',
    active: 'Y',
    id_lead: 3,
    lead_description: 'Lead',
    start_at: '2025-01-01',
    end_at: '9999-12-31',
    created_at: '2025-01-01T10:00:00Z',
    updated_at: '2025-01-02T10:00:00Z',
    ...over,
    info: {
      layout_title: '',
      layout_header: '',
      layout_body: 'Oi',
      flow: '',
      type: 'O',
      run_on: '2030-05-06 14:30',
      run_frequency: null,
      url: '',
      approvement: 'Aprovado por: Ana Em: 01/01/2025 10:00',
      recipients: '',
      value: 1,
      executed_at: null,
      canceled_at: null,
      canceled_by: null,
      ...info,
    },
  }) as CommunicationDetails;

describe('communication form model (shared)', () => {
  it('writes the schedule as run_on in Brasília time, or a cron when recurring', () => {
    const once = commonToPayload({
      ...emptyCommon(),
      description: ' Aviso ',
      run_day: '06/05/2030',
      run_time: '14:30',
    });
    expect(once).toMatchObject({
      description: 'Aviso',
      active: 'Y',
      id_lead: null,
      info: { type: 'O', run_on: '2030-05-06 14:30', run_frequency: null },
    });
    const recurring = commonToPayload({
      ...emptyCommon(),
      run_type: 'R',
      run_day: '06/05/2030',
      run_time: '14:30',
      run_frequency: '0 9 * * 1',
    });
    expect(recurring.info).toMatchObject({ type: 'R', run_on: null, run_frequency: '0 9 * * 1' });
    expect(runOnOf('31/02/2030', '10:00')).toBeNull();
    expect(runOnOf('01/02/2030', '24:00')).toBeNull();
  });

  it('sends the lead only when "lead" is chosen', () => {
    expect(commonToPayload({ ...emptyCommon(), audience: 'lead', id_lead: '4' }).id_lead).toBe(4);
    expect(commonToPayload({ ...emptyCommon(), audience: 'all', id_lead: '4' }).id_lead).toBeNull();
  });

  it('reads a saved record back, and a clone gets " DUPLICADA" without the approval', () => {
    expect(commonFromDetails(details())).toMatchObject({
      description: 'Ofertas',
      audience: 'lead',
      id_lead: '3',
      run_day: '06/05/2030',
      run_time: '14:30',
      approvement: 'Aprovado por: Ana Em: 01/01/2025 10:00',
    });
    expect(commonFromDetails(details(), true)).toMatchObject({
      description: 'Ofertas DUPLICADA',
      approvement: null,
    });
  });

  it('writes the approval as "Aprovado por: {name} Em: {date time}" in Brasília time', () => {
    expect(approvalText('Ana Souza', new Date('2025-03-10T15:04:00Z'))).toBe(
      'Aprovado por: Ana Souza Em: 10/03/2025 12:04',
    );
  });

  it('says when a row runs, whether it ran, and its population', () => {
    expect(whenText({ type: 'O', run_on: '2030-05-06 14:30' })).toBe('06/05/2030 14:30');
    expect(whenText({ type: 'R', run_frequency: '0 0 * * *' })).toMatch(/00:00/);
    expect(executedText('2025-05-06 08:00:00')).toBe('Campanha já executada em 06/05/2025 08:00');
    expect(executedText(null)).toBeUndefined();
    expect(populationText({ id_lead: null, population: null })).toBe('Todos Clientes');
    expect(populationText({ id_lead: 2, population: 1234 })).toBe('1.234');
  });

  it('reads a positive id from the route', () => {
    expect(routeId('12')).toBe(12);
    expect(routeId('new')).toBeUndefined();
    expect(routeId('0')).toBeUndefined();
  });

  it('shows created and changed as a relative time in pt-BR', () => {
    const now = new Date('2025-03-10T15:00:00Z');
    expect(relativeTime('2025-03-10T13:00:00Z', now)).toBe('há cerca de 2 horas');
    expect(relativeTime(null, now)).toBe('-');
  });
});

describe('approvalBlock: why Salvar is disabled', () => {
  it('asks for the cost approval, and allows saving once approved', () => {
    expect(approvalBlock(null)).toBe('Aprove o custo estimado para salvar.');
    expect(approvalBlock('Aprovado por: Ana Em: 01/02/2025 10:00')).toBeUndefined();
  });
});
