import { Button, type ButtonProps } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';

/** A link to another screen of the app that looks like a button. */
export function LinkButton({ to, children, ...buttonProps }: { to: string } & ButtonProps) {
  return (
    <Button asChild {...buttonProps}>
      <RouterLink to={to}>{children}</RouterLink>
    </Button>
  );
}
