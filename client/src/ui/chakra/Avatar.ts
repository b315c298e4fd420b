import { Avatar as ChakraAvatar } from '@chakra-ui/react';
import { avatarSlotRecipe } from '@chakra-ui/react/theme';
import { withRecipe } from './withRecipe.tsx';

export const Avatar = { ...ChakraAvatar, Root: withRecipe(ChakraAvatar.Root, avatarSlotRecipe) };
