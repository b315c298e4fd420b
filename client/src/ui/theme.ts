import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import {
  animationStyles,
  breakpoints,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  keyframes,
  layerStyles,
  semanticTokens,
  textStyles,
  tokens,
} from '@chakra-ui/react/theme';
import { badgeRecipe } from 'chakra-recipes/badge';
import { buttonRecipe } from 'chakra-recipes/button';
import { codeRecipe } from 'chakra-recipes/code';
import { containerRecipe } from 'chakra-recipes/container';
import { headingRecipe } from 'chakra-recipes/heading';
import { inputRecipe } from 'chakra-recipes/input';
import { linkRecipe } from 'chakra-recipes/link';
import { separatorRecipe } from 'chakra-recipes/separator';
import { spinnerRecipe } from 'chakra-recipes/spinner';
import { textareaRecipe } from 'chakra-recipes/textarea';
import { alertSlotRecipe } from 'chakra-recipes/alert';
import { avatarSlotRecipe } from 'chakra-recipes/avatar';
import { cardSlotRecipe } from 'chakra-recipes/card';
import { dataListSlotRecipe } from 'chakra-recipes/data-list';
import { dialogSlotRecipe } from 'chakra-recipes/dialog';
import { drawerSlotRecipe } from 'chakra-recipes/drawer';
import { fieldSlotRecipe } from 'chakra-recipes/field';
import { fieldsetSlotRecipe } from 'chakra-recipes/fieldset';
import { listSlotRecipe } from 'chakra-recipes/list';
import { menuSlotRecipe } from 'chakra-recipes/menu';
import { nativeSelectSlotRecipe } from 'chakra-recipes/native-select';
import { progressSlotRecipe } from 'chakra-recipes/progress';
import { radioCardSlotRecipe } from 'chakra-recipes/radio-card';
import { statSlotRecipe } from 'chakra-recipes/stat';
import { stepsSlotRecipe } from 'chakra-recipes/steps';
import { switchSlotRecipe } from 'chakra-recipes/switch';
import { tableSlotRecipe } from 'chakra-recipes/table';
import { tabsSlotRecipe } from 'chakra-recipes/tabs';
import { toastSlotRecipe } from 'chakra-recipes/toast';

/**
 * The component styles the app uses, not all of Chakra's: every recipe ships in the first page's
 * JavaScript. `theme.test.ts` fails when a component is used without its recipe, or a recipe is
 * kept that nothing uses.
 */
export const recipes = {
  badge: badgeRecipe,
  button: buttonRecipe,
  code: codeRecipe,
  container: containerRecipe,
  heading: headingRecipe,
  input: inputRecipe,
  link: linkRecipe,
  separator: separatorRecipe,
  spinner: spinnerRecipe,
  textarea: textareaRecipe,
};
export const slotRecipes = {
  alert: alertSlotRecipe,
  avatar: avatarSlotRecipe,
  card: cardSlotRecipe,
  dataList: dataListSlotRecipe,
  dialog: dialogSlotRecipe,
  drawer: drawerSlotRecipe,
  field: fieldSlotRecipe,
  fieldset: fieldsetSlotRecipe,
  list: listSlotRecipe,
  menu: menuSlotRecipe,
  nativeSelect: nativeSelectSlotRecipe,
  progress: progressSlotRecipe,
  radioCard: radioCardSlotRecipe,
  stat: statSlotRecipe,
  steps: stepsSlotRecipe,
  switch: switchSlotRecipe,
  table: tableSlotRecipe,
  tabs: tabsSlotRecipe,
  toast: toastSlotRecipe,
};

const chakraTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens,
    semanticTokens,
    textStyles,
    layerStyles,
    animationStyles,
    recipes,
    slotRecipes,
  },
});

const config = defineConfig({
  theme: {
    tokens: {
      colors: {
        brand: {
          50: { value: '#f5f3ff' },
          100: { value: '#ede9fe' },
          200: { value: '#ddd6fe' },
          500: { value: '#8b5cf6' },
          600: { value: '#7c3aed' },
          700: { value: '#6d28d9' },
          900: { value: '#4c1d95' },
        },
      },
    },
    semanticTokens: {
      colors: {
        // Chakra's green.600 reads at 3.3:1 on white, short of the 4.5:1 small text needs.
        fg: { success: { value: { _light: '{colors.green.700}', _dark: '{colors.green.400}' } } },
        brand: {
          solid: { value: '{colors.brand.600}' },
          contrast: { value: 'white' },
          fg: { value: '{colors.brand.700}' },
          muted: { value: '{colors.brand.100}' },
          subtle: { value: '{colors.brand.50}' },
          emphasized: { value: '{colors.brand.200}' },
          focusRing: { value: '{colors.brand.500}' },
        },
      },
    },
  },
  globalCss: { 'html, body': { minHeight: '100%' } },
});

export const system = createSystem(defaultBaseConfig, chakraTheme, config);
