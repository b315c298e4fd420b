import { Toast as ChakraToast } from '@chakra-ui/react';
import { toastSlotRecipe } from '@chakra-ui/react/theme';
import { withRecipe } from './withRecipe.tsx';

export const Toast = { ...ChakraToast, Root: withRecipe(ChakraToast.Root, toastSlotRecipe) };
