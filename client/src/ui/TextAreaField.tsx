import type { TextareaProps } from '@chakra-ui/react';
import { Textarea } from './chakra/Textarea.ts';
import { FieldFrame, splitFieldProps, type FieldFrameProps, type TextFieldValue } from './TextField.tsx';

export type TextAreaFieldProps = FieldFrameProps &
  TextFieldValue &
  Omit<TextareaProps, keyof FieldFrameProps | keyof TextFieldValue | 'children'>;

/** TextField's several-line twin (apart, so that screens without one load no textarea styles). */
export function TextAreaField(props: TextAreaFieldProps) {
  const { frame, control, value, edit } = splitFieldProps(props);
  return (
    <FieldFrame {...frame}>
      <Textarea {...control} value={value} onChange={edit} />
    </FieldFrame>
  );
}
