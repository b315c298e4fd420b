import { RadioCard as ChakraRadioCard } from '@chakra-ui/react';
import { radioCardSlotRecipe } from '@chakra-ui/react/theme';
import { withRecipe } from './withRecipe.tsx';

export const RadioCard = { ...ChakraRadioCard, Root: withRecipe(ChakraRadioCard.Root, radioCardSlotRecipe) };
