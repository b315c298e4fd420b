import { Drawer as ChakraDrawer } from '@chakra-ui/react';
import { drawerSlotRecipe } from '@chakra-ui/react/theme';
import { withRecipe } from './withRecipe.tsx';

export const Drawer = { ...ChakraDrawer, Root: withRecipe(ChakraDrawer.Root, drawerSlotRecipe) };
