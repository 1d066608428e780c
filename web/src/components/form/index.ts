export { Field, type FieldProps } from './field';
export { applyServerErrors } from './server-errors';
export { useZodForm } from './use-zod-form';
export { FormModal } from './form-modal';
