import { Steps as ChakraSteps } from '@chakra-ui/react';
import { stepsSlotRecipe } from '@chakra-ui/react/theme';
import { withRecipe } from './withRecipe.tsx';

export const Steps = { ...ChakraSteps, Root: withRecipe(ChakraSteps.Root, stepsSlotRecipe) };
