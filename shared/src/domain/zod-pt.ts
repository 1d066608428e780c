import { z } from 'zod';

/**
 * Portuguese messages for every zod schema, on the server and in the browser. Import once
 * for its effect. A missing required field reads 'Campo obrigatório.' instead of zod's
 * generic type message; schemas still give field-specific texts where the spec has them.
 */
z.config(z.locales.ptBR());
z.config({
  customError: (issue) =>
    issue.code === 'invalid_type' && (issue.input === undefined || issue.input === null)
      ? 'Campo obrigatório.'
      : undefined,
});

export { z };
