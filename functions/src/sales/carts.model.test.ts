import { describe, expect, it } from 'vitest';
import { listScopes, queryScope } from './carts.model';

describe('sales list scopes', () => {
  const cart = { store: 3, status: 'Rascunho', user: 7, customer: 42 } as const;
  const scopes = listScopes(cart);

  it('puts a cart in one scope per combination of its store, status, seller and customer', () => {
    expect(scopes).toHaveLength(16);
    expect(new Set(scopes).size).toBe(16);
  });

  it('finds the cart under every filter that matches it, and under none that does not', () => {
    const filters = [
      {},
      { status: 'Rascunho' as const },
      { user: 7 },
      { store: 3, user: 7, status: 'Rascunho' as const },
      { customer: 42, status: 'Rascunho' as const },
      { store: 3, customer: 42 },
    ];
    for (const f of filters) expect(scopes).toContain(queryScope(f));
    for (const f of [{ status: 'Faturado' as const }, { user: 8 }, { store: 3, customer: 41 }])
      expect(scopes).not.toContain(queryScope(f));
  });
});
