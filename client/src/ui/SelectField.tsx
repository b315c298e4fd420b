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
  helper,
  required = false,
}: {
  label: string;
  value: string;
  /** An option `disabled` is shown but cannot be chosen (say why in `helper`). */
  options: readonly { value: string; label: string; disabled?: boolean }[];
  onChange: (value: string) => void;
  /** A first, empty choice ("Choose…") for a select with no value yet. */
  placeholder?: string;
  disabled?: boolean;
  width?: string;
  /** What is wrong with the choice, shown under it. */
  issue?: string | undefined;
  /** A hint under the select, shown when there is no issue. */
  helper?: string | undefined;
  required?: boolean;
}) {
  const choices = placeholder === undefined ? options : [{ value: '', label: placeholder }, ...options];
  return (
    <FieldFrame label={label} disabled={disabled} width={width} issue={issue} helper={helper} required={required}>
      <SelectControl value={value} options={choices} onChange={onChange} />
    </FieldFrame>
  );
}

/** A list's filter as a compact select with no label over it, named for screen readers. */
export function FilterSelect<Value extends string>(props: {
  label: string;
  value: Value;
  options: readonly { value: Value; label: string }[];
  onChange: (value: Value) => void;
}) {
  return <SelectControl {...props} width="auto" />;
}

function SelectControl<Value extends string>({
  label,
  value,
  options,
  onChange,
  width,
}: {
  label?: string;
  value: Value;
  options: readonly { value: Value; label: string; disabled?: boolean }[];
  onChange: (value: Value) => void;
  width?: 'auto';
}) {
  return (
    <NativeSelect.Root width={width}>
      <NativeSelect.Field aria-label={label} value={value} onChange={(event) => onChange(event.currentTarget.value as Value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
