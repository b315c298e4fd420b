import { NativeSelect } from '@chakra-ui/react';
import { FieldFrame } from './TextField.tsx';

/** A labelled native select: the one way forms offer a choice from a list. */
export function SelectField({
  label,
  value,
  options,
  onChange,
  placeholder,
  disabled = false,
  width,
  issue,
  required = false,
}: {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
  /** A first, empty choice ("Choose…") for a select with no value yet. */
  placeholder?: string;
  disabled?: boolean;
  width?: string;
  /** What is wrong with the choice, shown under it. */
  issue?: string | undefined;
  required?: boolean;
}) {
  return (
    <FieldFrame label={label} disabled={disabled} width={width} issue={issue} required={required}>
      <NativeSelect.Root>
        <NativeSelect.Field value={value} onChange={(event) => onChange(event.currentTarget.value)}>
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </FieldFrame>
  );
}
