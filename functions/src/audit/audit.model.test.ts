import { describe, expect, it } from 'vitest';
import { auditChanges, displayValue } from './audit.model';

describe('the audit log: what changed', () => {
  it('lists the fields that differ, with their values before and after, nested info flattened', () => {
    const before = {
      description: 'Natal',
      active: 'Y',
      stores: [{ id_store: 1 }],
      info: { discount: 10, x: 1 },
    };
    const after = {
      description: 'Natal 2026',
      active: 'Y',
      stores: [{ id_store: 1 }, { id_store: 2 }],
      info: { discount: 15, x: 1 },
    };
    expect(auditChanges(before, after)).toEqual([
      { field: 'description', before: 'Natal', after: 'Natal 2026' },
      { field: 'info.discount', before: '10', after: '15' },
      { field: 'stores', before: '[{"id_store":1}]', after: '[{"id_store":1},{"id_store":2}]' },
    ]);
  });

  it('shows a create and a delete as every field appearing or disappearing, and no change as nothing', () => {
    expect(auditChanges(undefined, { description: 'Tag' })).toEqual([
      { field: 'description', before: '', after: 'Tag' },
    ]);
    expect(auditChanges({ description: 'Tag' }, undefined)).toEqual([
      { field: 'description', before: 'Tag', after: '' },
    ]);
    expect(
      auditChanges({ a: 1, updated_at: 'x', version: 1 }, { a: 1, updated_at: 'y', version: 2 }),
    ).toEqual([]);
  });

  it('never writes a secret, and logs a large text by its size', () => {
    const [password] = auditChanges({ password: 'old-secret' }, { password: 'new-secret' });
    expect(password).toEqual({ field: 'password', before: '•••• (anterior)', after: '•••• (novo)' });
    expect(displayValue('info.integration_token', 'frg_abc')).toBe('••••');
    const body = auditChanges(
      { info: { layout_body: 'a'.repeat(5000) } },
      { info: { layout_body: 'b'.repeat(5000) } },
    );
    expect(body).toEqual([
      {
        field: 'info.layout_body',
        before: '(5.000 caracteres) (anterior)',
        after: '(5.000 caracteres) (novo)',
      },
    ]);
  });
});
