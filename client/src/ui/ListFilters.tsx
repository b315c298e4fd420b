import { Input, NativeSelect } from '@chakra-ui/react';

/** A list's search box; its placeholder is its name, there being no room for a label over a filter row. */
export function SearchBox({
  label,
  value,
  onChange,
  maxWidth = 'sm',
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxWidth?: 'xs' | 'sm';
}) {
  return (
    <Input
      type="search"
      maxWidth={maxWidth}
      aria-label={label}
      placeholder={label}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}

/** A list's filter as a compact select, named for screen readers; `allLabel` is a first choice of no filter. */
export function FilterSelect<Value extends string>({
  label,
  value,
  options,
  onChange,
  allLabel,
}: {
  label: string;
  value: Value;
  options: readonly { value: Value; label: string }[];
  onChange: (value: Value) => void;
  allLabel?: string;
}) {
  return (
    <NativeSelect.Root width="auto">
      <NativeSelect.Field aria-label={label} value={value} onChange={(event) => onChange(event.currentTarget.value as Value)}>
        {allLabel !== undefined && <option value="">{allLabel}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
