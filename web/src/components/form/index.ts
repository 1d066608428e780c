export { Field, errorMessage, type FieldProps } from './field';
export { TextField, ToggleField, type TextFieldProps } from './inputs';
export { applyServerErrors } from './server-errors';
export { useZodForm } from './use-zod-form';
export { useFormSubmit, type SubmitNotices } from './use-form-submit';
export { FormModal } from './form-modal';
