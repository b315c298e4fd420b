import { Flex, type FlexProps } from '@chakra-ui/react';

/**
 * A public page's header or footer bar: its ends pushed apart, wrapping on narrow screens, with a
 * rule between it and the page (below a header, above a footer).
 */
export function PageBar({ as, ...props }: { as: 'header' | 'footer' } & Omit<FlexProps, 'as'>) {
  const rule = as === 'header' ? { borderBottomWidth: '1px' } : { borderTopWidth: '1px' };
  return (
    <Flex
      as={as}
      justify="space-between"
      align="center"
      wrap="wrap"
      gap="2"
      paddingX={{ base: '4', md: '8' }}
      paddingY="3"
      {...rule}
      {...props}
    />
  );
}
