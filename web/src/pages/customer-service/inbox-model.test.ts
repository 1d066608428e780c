import { describe, expect, it } from 'vitest';
import {
  ALL_DEPARTMENTS,
  CHAT_PANEL_HEIGHT,
  CHAT_REFRESH_MS,
  EMPTY_QUEUE,
  departmentFilter,
  departmentOptions,
  messageSide,
  newestKey,
  statusLabel,
  variableRows,
} from './inbox-model';

describe('inbox', () => {
  it('uses the spec constants and texts', () => {
    expect(CHAT_REFRESH_MS).toBe(5000);
    expect(CHAT_PANEL_HEIGHT).toBe(500);
    expect(EMPTY_QUEUE).toBe('Nenhum atendimento encontrado');
  });

  it('offers Todos then the active departments by name', () => {
    const departments = [
      { id: 2, name: 'Vendas', active: true },
      { id: 1, name: 'Financeiro', active: true },
      { id: 3, name: 'Antigo', active: false },
    ];
    expect(departmentOptions(departments).map((o) => o.text)).toEqual(['Todos', 'Financeiro', 'Vendas']);
    // A chosen department stays offered even if it was just deactivated.
    expect(departmentOptions(departments, '3').map((o) => o.id)).toEqual([ALL_DEPARTMENTS, '3', '1', '2']);
    expect(departmentFilter(ALL_DEPARTMENTS)).toBeUndefined();
    expect(departmentFilter('2')).toBe(2);
  });

  it('shows the customer’s messages on the right', () => {
    expect(messageSide('RECEIVED')).toBe('right');
    expect(messageSide('SENT')).toBe('left');
    expect(messageSide('BOT')).toBe('left');
    expect(statusLabel('SENT', 'DELIVERED')).toBe('Entregue');
    expect(statusLabel('RECEIVED', 'RECEIVED')).toBe('');
  });

  it('changes the scroll key only when a message arrives', () => {
    const one = [{ id: 1, created_at: '2026-11-26T10:00:00Z', text: 'oi' }];
    const same = [{ id: 1, created_at: '2026-11-26T10:00:00Z', text: 'oi' }];
    const two = [...one, { id: 2, created_at: '2026-11-26T10:01:00Z', text: 'tudo bem?' }];
    expect(newestKey(same)).toBe(newestKey(one));
    expect(newestKey(two)).not.toBe(newestKey(one));
    expect(newestKey([])).toBe('0');
  });

  it('lists the context variables by name', () => {
    expect(variableRows({ cpf: '123', bairro: 'Centro', n: 3 as unknown as string })).toEqual([
      { key: 'bairro', value: 'Centro' },
      { key: 'cpf', value: '123' },
      { key: 'n', value: '3' },
    ]);
    expect(variableRows(undefined)).toEqual([]);
  });
});
