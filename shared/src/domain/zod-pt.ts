import * as z from 'zod';
// Only the pt-BR locale: `z.locales` would pull every language into each bundle.
import ptBR from 'zod/v4/locales/pt-BR.js';

/**
 * Portuguese messages for every zod schema, on the server and in the browser. Import once
 * for its effect. A missing required field reads 'Campo obrigatório.' instead of zod's
 * generic type message; schemas still give field-specific texts where the spec has them.
 */
z.config(ptBR());
z.config({
  customError: (issue) =>
    issue.code === 'invalid_type' && (issue.input === undefined || issue.input === null)
      ? 'Campo obrigatório.'
      : undefined,
});

export * from 'zod';
