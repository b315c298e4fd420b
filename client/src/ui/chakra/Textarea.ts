import { Textarea as ChakraTextarea } from '@chakra-ui/react';
import { textareaRecipe } from '@chakra-ui/react/theme';
import { withRecipe } from './withRecipe.tsx';

export const Textarea = withRecipe(ChakraTextarea, textareaRecipe);
