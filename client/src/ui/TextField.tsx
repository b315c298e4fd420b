import { Field, Input, type FieldRootProps, type InputProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

type RootProps = Pick<FieldRootProps, 'width' | 'maxWidth' | 'flex' | 'disabled' | 'readOnly'>;

export interface FieldFrameProps extends RootProps {
  /** None where the input names itself (`aria-label`) in a row that already says what it is. */
  label?: ReactNode;
  /** What is wrong with the value; shown in place of the helper. */
  issue?: string | null | undefined;
  /** Shown under the field while it has no issue. */
  helper?: ReactNode;
  required?: boolean;
}

/** A field's frame: Chakra's Field with its label (and required mark), the control, and the issue or helper under it. */
export function FieldFrame({ label, issue, helper, required = false, children, ...root }: FieldFrameProps & { children: ReactNode }) {
  return (
    <Field.Root required={required} invalid={Boolean(issue)} {...root}>
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
      {children}
      {issue ? <Field.ErrorText>{issue}</Field.ErrorText> : helper && <Field.HelperText>{helper}</Field.HelperText>}
    </Field.Root>
  );
}

export interface TextFieldValue {
  value: string;
  onChange: (value: string) => void;
}

/** Splits a field's props into its frame's and its control's. */
export function splitFieldProps<Control extends object>(
  props: FieldFrameProps & TextFieldValue & Control,
): {
  frame: FieldFrameProps;
  control: Omit<Control, keyof FieldFrameProps | keyof TextFieldValue>;
  value: string;
  edit: (event: { currentTarget: { value: string } }) => void;
} {
  const { label, issue, helper, required, width, maxWidth, flex, disabled, readOnly, value, onChange, ...control } = props;
  return {
    frame: { label, issue, helper, required, width, maxWidth, flex, disabled, readOnly },
    control: control as Omit<Control, keyof FieldFrameProps | keyof TextFieldValue>,
    value,
    edit: (event) => onChange(event.currentTarget.value),
  };
}

export type TextFieldProps = FieldFrameProps & TextFieldValue & Omit<InputProps, keyof FieldFrameProps | keyof TextFieldValue | 'children'>;

/** The one labelled text input, with its issue or helper under it. */
export function TextField(props: TextFieldProps) {
  const { frame, control, value, edit } = splitFieldProps(props);
  return (
    <FieldFrame {...frame}>
      <Input {...control} value={value} onChange={edit} />
    </FieldFrame>
  );
}
