import { Input } from '@chakra-ui/react';

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
