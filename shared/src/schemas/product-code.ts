import * as z from 'zod';

/**
 * The product code (EAN/GTIN or an internal PLU): digits only, up to 14. Its own module so the
 * campaign schemas (and the functions that save campaigns) carry it without the catalogue's wire
 * schemas; `schemas/catalog.ts` re-exports it.
 */
export const productCode = z.preprocess(
  (v: unknown) => (typeof v === 'number' ? String(v) : v),
  z
    .string({ error: 'Digite o codigo da mercadoria' })
    .trim()
    .min(1, 'Digite o codigo da mercadoria')
    .regex(/^\d{1,14}$/, 'O código da mercadoria (EAN) deve ter apenas números, até 14 dígitos.'),
);
