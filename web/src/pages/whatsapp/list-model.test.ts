import { describe, expect, it } from 'vitest';
import { whatsappListQuery } from '../../api/whatsapp';
import { EXECUTED_DELETE_REASON, whatsappRowOptions } from './list-model';

const live = { info: { flow: '[]' } };
const executed = { info: { flow: '[]', executed_at: '2030-03-10 10:00' } };
const deleted = { info: { flow: '[]' }, archived_at: '2030-03-11T13:00:00.000Z' };
const shown = (options: ReturnType<typeof whatsappRowOptions>) =>
  options.filter((o) => o.visible).map((o) => o.text);

describe('WhatsApp list options', () => {
  it('offers every option on a live row to a user who writes campaigns', () => {
    expect(shown(whatsappRowOptions(live, { read: true, write: true }))).toEqual([
      'Visualizar',
      'Exportar (csv)',
      'Duplicar',
      'Alterar',
      'Excluir',
    ]);
    expect(shown(whatsappRowOptions(live, { read: true, write: false }))).toEqual(['Visualizar']);
  });

  it('keeps Excluir disabled, with its reason, on an executed campaign', () => {
    const remove = whatsappRowOptions(executed, { read: true, write: true }).find((o) => o.id === 'delete');
    expect(remove).toMatchObject({ disabled: true, disabledReason: EXECUTED_DELETE_REASON });
  });

  it('shows a deleted campaign read-only: Visualizar and its export, never Alterar, Excluir or Duplicar', () => {
    expect(shown(whatsappRowOptions(deleted, { read: true, write: true }))).toEqual([
      'Visualizar',
      'Exportar (csv)',
    ]);
    expect(shown(whatsappRowOptions(deleted, { read: true, write: false }))).toEqual(['Visualizar']);
  });
});

describe('WhatsApp list query', () => {
  it("asks for the deleted campaigns only in 'Excluídas'", () => {
    expect(whatsappListQuery({ page: 2, per_page: 50, q: 'natal' })).toEqual({
      page: 2,
      per_page: 50,
      q: 'natal',
      archived: undefined,
    });
    expect(whatsappListQuery({ page: 1, per_page: 0, q: '', filters: { archived: true } })).toEqual({
      page: 1,
      per_page: 50,
      q: undefined,
      archived: 'Y',
    });
  });
});
