/** `zod/v4/locales/pt-BR.js` under the Lambda alias (see ../../index.ts): the real file. */
export { default } from '../../../../../node_modules/zod/v4/locales/pt-BR.js';
