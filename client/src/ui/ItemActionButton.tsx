import { Button } from '@chakra-ui/react';

/**
 * A button that acts on one item of a list (edit, view, delete): its text is short, its accessible
 * name says which item (`label`), and a destructive one is red.
 */
export function ItemActionButton({
  text,
  label,
  onClick,
  destructive = false,
  disabled = false,
  size = 'sm',
}: {
  text: string;
  label: string;
  onClick: () => void;
  destructive?: boolean;
  disabled?: boolean;
  size?: 'xs' | 'sm';
}) {
  return (
    <Button
      size={size}
      variant="outline"
      colorPalette={destructive ? 'red' : undefined}
      disabled={disabled}
      aria-label={label}
      onClick={onClick}
    >
      {text}
    </Button>
  );
}
