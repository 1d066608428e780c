import { Entity, Service, type EntityItem } from 'electrodb';
import { documentClient, tableName } from '../lib/ddb/client';
import { CounterEntity } from '../lib/ddb/entities/counter';
import { key } from '../lib/ddb/indexes';

/**
 * Sales orders (spec part 3 §3 'Sale (cart)'). A cart is one item in its own partition (read and
 * written by id, conditioned on `version`); the list reads `cartRow` items: one thin copy of the
 * list's columns per filter combination the screen offers (`carts.model.ts` `listScopes`), keyed
 * `tenant + scope` / `id`, so any page of any filter is one Query (newest first) and its total one
 * counter `total:cart|<scope>`, both kept in the same transaction as the cart.
 */

const tenant = { type: 'string', required: true, readOnly: true } as const;
const id = { type: 'number', required: true, readOnly: true, padding: { length: 9, char: '0' } } as const;

export const CartEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: 'cart', version: '1', service: 'freguesia' },
    attributes: {
      tenant,
      id,
      version: { type: 'number', required: true },
      status: { type: 'string', required: true },
      store_id: { type: 'number', required: true },
      user_id: { type: 'number', required: true },
      customer_id: { type: 'number', required: true },
      /** The stored sale (`StoredSale`), money in centavos. */
      sale: { type: 'any', required: true },
      createdAt: { type: 'string', required: true, readOnly: true },
      updatedAt: { type: 'string', required: true },
    },
    indexes: { byId: key('primary', ['tenant', 'id'], []) },
  },
  { client: documentClient, table: tableName() },
);
export type CartItem = EntityItem<typeof CartEntity>;

export const CartRowEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: 'cartRow', version: '1', service: 'freguesia' },
    attributes: {
      tenant,
      /** The filter combination: `s=3|t=Rascunho|u=*|c=*` (`carts.model.ts`). */
      scope: { type: 'string', required: true, readOnly: true },
      id,
      /** The list row (`SaleRow`, money in reais). */
      row: { type: 'any', required: true },
    },
    indexes: { byScope: key('primary', ['tenant', 'scope'], ['id']) },
  },
  { client: documentClient, table: tableName() },
);

export const salesService = /* @__PURE__ */ new Service({
  cart: CartEntity,
  cartRow: CartRowEntity,
  counter: CounterEntity,
});
