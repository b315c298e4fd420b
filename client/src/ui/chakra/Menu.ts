import { Menu as ChakraMenu } from '@chakra-ui/react';
import { menuSlotRecipe } from '@chakra-ui/react/theme';
import { withRecipe } from './withRecipe.tsx';

export const Menu = { ...ChakraMenu, Root: withRecipe(ChakraMenu.Root, menuSlotRecipe) };
