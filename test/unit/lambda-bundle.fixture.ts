/**
 * Code whose results must not depend on how it is built: run as is by lambda-bundle.test.ts and
 * again from a Lambda-style bundle (zod and jsonschema aliased, see bundling-options.ts).
 */
import '@freguesia/shared/domain/zod-pt';
import { Entity, Service } from 'electrodb';
import { z } from 'zod';

const inputs: unknown[] = [
  undefined,
  {},
  { name: '', email: 'x', age: '12a', kind: 'z', tags: 'a', nested: { uf: 7 } },
  {
    name: 'a'.repeat(81),
    email: 'a@b.co',
    age: 200,
    kind: 'store',
    tags: [1],
    nested: { uf: 'SP' },
    extra: 1,
  },
  { name: 'Ana', email: 'ana@example.com', age: '30', kind: 'partner', tags: [], nested: { uf: 'RJ' } },
];

const schema = z
  .object({
    name: z.string().trim().min(1, 'Informe o nome.').max(80),
    email: z.email(),
    age: z.coerce.number().int().min(0).max(150),
    kind: z.enum(['store', 'partner']),
    tags: z.array(z.string()).max(3),
    nested: z.object({ uf: z.string().length(2) }),
    since: z.iso.date().optional(),
    code: z.union([z.number(), z.string().regex(/^\d+$/)]).optional(),
  })
  .strict();

const model = {
  model: { entity: 'thing', version: '1', service: 'bench' },
  attributes: {
    tenant: { type: 'string', required: true },
    id: { type: 'number', required: true },
    name: { type: 'string' },
  },
  indexes: {
    primary: { pk: { field: 'pk', composite: ['tenant'] }, sk: { field: 'sk', composite: ['id'] } },
  },
} as const;

const otherModel = { ...model, model: { ...model.model, entity: 'other' } };

/** Zod issues for several inputs, ElectroDB keys, and how a Service classifies entities and models. */
export function run(): unknown {
  const zod = inputs.map((input) => {
    const result = schema.safeParse(input);
    return result.success
      ? { data: result.data }
      : { issues: result.error.issues, flat: z.flattenError(result.error) };
  });
  const thing = new Entity(model, { table: 'bench' });
  // ElectroDB still takes a plain model in a Service (its types say Entity): both kinds must be told apart.
  const members = { thing, other: otherModel } as unknown as { thing: typeof thing; other: typeof thing };
  const service = new Service(members, { table: 'bench' });
  const electro = {
    get: thing.get({ tenant: 't1', id: 7 }).params(),
    query: service.entities.other.query.primary({ tenant: 't1' }).params(),
    entities: Object.keys(service.entities),
  };
  return { zod, electro };
}
