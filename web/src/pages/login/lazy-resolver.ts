import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A react-hook-form resolver whose code arrives after the first paint: `load` imports the
 * module holding the zod schema and its resolver (zod alone is ~24 KB gzip, which would push
 * /login over its budget). The import starts at once, so it is in place long before the user
 * submits; a submit that comes first simply waits for it.
 */
export function lazyResolver<T extends FieldValues, O>(
  load: () => Promise<Resolver<T, unknown, O>>,
): Resolver<T, unknown, O> {
  let resolver: Promise<Resolver<T, unknown, O>> | undefined;
  const get = () => (resolver ??= load());
  void get().catch(() => {
    resolver = undefined;
  });
  return async (values, context, options) => (await get())(values, context, options);
}
