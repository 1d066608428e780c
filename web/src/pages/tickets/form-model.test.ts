import { describe, expect, it } from 'vitest';
import { TICKET_MESSAGES } from '@freguesia/shared/schemas/ticket';
import {
  emptyAccelerator,
  emptyTicketForm,
  firstProblem,
  formToPayload,
  type TicketForm,
} from './form-model';

const valid = (): TicketForm => ({
  ...emptyTicketForm(),
  description: 'Troque e ganhe',
  start: '01/12/2026',
  end: '31/12/2026',
  value: '20,00',
  layout_body: '<p>{{ticket}}</p>',
  stores: [1],
});

describe('ticket editor steps (spec part 2 §2.4, §5)', () => {
  it.each<[string, (f: TicketForm) => TicketForm, number, string]>([
    ['description', (f) => ({ ...f, description: ' ' }), 0, TICKET_MESSAGES.description],
    ['period', (f) => ({ ...f, end: '' }), 0, TICKET_MESSAGES.period],
    ['start without end', (f) => ({ ...f, noEnd: true, start: '' }), 0, TICKET_MESSAGES.startDate],
    ['exchange value', (f) => ({ ...f, value: '' }), 0, TICKET_MESSAGES.value],
    ['ticket layout', (f) => ({ ...f, layout_body: '' }), 0, TICKET_MESSAGES.layout],
    ['store', (f) => ({ ...f, stores: [] }), 1, TICKET_MESSAGES.store],
    ['lead', (f) => ({ ...f, audience: 'L', id_lead: '' }), 3, 'Selecione o lead'],
    [
      'accelerator type',
      (f) => ({
        ...f,
        accelerators: [
          {
            ...emptyAccelerator(),
            multiplier_factor: '2',
            requisite: 'any',
            items: [{ item_id: '1', label: '1' }],
          },
        ],
      }),
      4,
      TICKET_MESSAGES.acceleratorType,
    ],
    [
      'accelerator factor',
      (f) => ({
        ...f,
        accelerators: [
          { ...emptyAccelerator(), type: 'brand', requisite: 'any', items: [{ item_id: '1', label: '1' }] },
        ],
      }),
      4,
      TICKET_MESSAGES.factor,
    ],
    [
      'accelerator requisite',
      (f) => ({
        ...f,
        accelerators: [
          {
            ...emptyAccelerator(),
            type: 'brand',
            multiplier_factor: '2',
            items: [{ item_id: '1', label: '1' }],
          },
        ],
      }),
      4,
      TICKET_MESSAGES.requisite,
    ],
    [
      'minimum value',
      (f) => ({
        ...f,
        accelerators: [
          {
            ...emptyAccelerator(),
            type: 'brand',
            multiplier_factor: '2',
            requisite: 'all',
            hasMinimum: true,
            items: [{ item_id: '1', label: '1' }],
          },
        ],
      }),
      4,
      TICKET_MESSAGES.minimum,
    ],
  ])('%s: stops at its step with the spec message', (_name, change, step, message) => {
    expect(firstProblem(change(valid()), 0, 4)).toMatchObject({ step, message });
  });

  it('a complete form has no problem and saves end 9999-12-31 without an end, prizes of selected stores only', () => {
    const form: TicketForm = {
      ...valid(),
      noEnd: true,
      layout_gift: 'Ganhou {{gift}}',
      gifts: [
        { id_store: 1, available_at: '2026-12-01T10:05:00-03:00', gift: 'TV', qt_print: 0 },
        { id_store: 2, available_at: '2026-12-01T10:05:00-03:00', gift: 'Rádio', qt_print: 0 },
      ],
    };
    expect(firstProblem(form, 0, 4)).toBeUndefined();
    expect(formToPayload(form)).toMatchObject({
      start_at: '2026-12-01',
      end_at: '9999-12-31',
      instant_prize: true,
      gifts: [{ id_store: 1, gift: 'TV' }],
    });
  });
});
