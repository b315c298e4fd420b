import { Field, Input, Textarea, type FieldRootProps, type InputProps, type TextareaProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

type RootProps = Pick<FieldRootProps, 'width' | 'maxWidth' | 'flex' | 'disabled' | 'readOnly'>;

interface TextFieldCommon extends RootProps {
  /** None where the input names itself (`aria-label`) in a row that already says what it is. */
  label?: ReactNode;
  value: string;
  onChange: (value: string) => void;
  /** What is wrong with the value; shown in place of the helper. */
  issue?: string | null | undefined;
  /** Shown under the field while it has no issue. */
  helper?: ReactNode;
  required?: boolean;
}

type InputOnly = Omit<InputProps, keyof TextFieldCommon | 'children'>;
type TextareaOnly = Omit<TextareaProps, keyof TextFieldCommon | 'children'>;

/** A text input with its label, and its issue or helper under it. */
export type TextFieldProps = TextFieldCommon & ({ multiline?: false } & InputOnly);
/** The same with a several-line text area. */
export type TextAreaFieldProps = TextFieldCommon & ({ multiline: true } & TextareaOnly);

/** The one labelled text field: Chakra's Field with its label (and required mark), the input, and the issue or helper under it. */
export function TextField(props: TextFieldProps | TextAreaFieldProps) {
  const { label, value, onChange, issue, helper, required = false, width, maxWidth, flex, disabled, readOnly, ...control } = props;
  const edit = (event: { currentTarget: { value: string } }) => onChange(event.currentTarget.value);
  return (
    <Field.Root
      required={required}
      invalid={Boolean(issue)}
      width={width}
      maxWidth={maxWidth}
      flex={flex}
      disabled={disabled}
      readOnly={readOnly}
    >
      {label !== undefined && (
        <Field.Label>
          {label}
          {required && (
            <>
              {' '}
              <Field.RequiredIndicator />
            </>
          )}
        </Field.Label>
      )}
      {control.multiline ? (
        <Textarea {...withoutMultiline(control)} value={value} onChange={edit} />
      ) : (
        <Input {...withoutMultiline(control)} value={value} onChange={edit} />
      )}
      {issue ? <Field.ErrorText>{issue}</Field.ErrorText> : helper && <Field.HelperText>{helper}</Field.HelperText>}
    </Field.Root>
  );
}

function withoutMultiline<Props extends { multiline?: boolean }>({ multiline: _multiline, ...rest }: Props) {
  return rest;
}
