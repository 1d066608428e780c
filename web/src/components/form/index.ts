export { Field, errorMessage, type FieldProps } from './field';
export {
  MaskedField,
  SelectField,
  TextareaField,
  TextField,
  ToggleField,
  type MaskedFieldProps,
  type SelectFieldProps,
  type TextareaFieldProps,
  type TextFieldProps,
} from './inputs';
export { applyServerErrors } from './server-errors';
export { useZodForm } from './use-zod-form';
export { useFormSubmit, type SubmitNotices } from './use-form-submit';
export { FormModal, ModalActions } from './form-modal';
