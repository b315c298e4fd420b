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
  badgeRecipe,
  buttonRecipe,
  containerRecipe,
  headingRecipe,
  inputRecipe,
  linkRecipe,
  separatorRecipe,
  spinnerRecipe,
  alertSlotRecipe,
  cardSlotRecipe,
  fieldSlotRecipe,
  listSlotRecipe,
  nativeSelectSlotRecipe,
  statSlotRecipe,
} from '@chakra-ui/react/theme';

/**
 * The styles of the components the first screens show, not all of Chakra's: every recipe here
 * ships in the first page's JavaScript. Components only later screens use are imported from
 * `ui/chakra/` with their recipe bound, so it loads with them. `theme.test.ts` fails when a
 * component is used without its recipe, or a recipe is kept that nothing uses.
 */
export const recipes = {
  badge: badgeRecipe,
  button: buttonRecipe,
  container: containerRecipe,
  heading: headingRecipe,
  input: inputRecipe,
  link: linkRecipe,
  separator: separatorRecipe,
  spinner: spinnerRecipe,
};
export const slotRecipes = {
  alert: alertSlotRecipe,
  card: cardSlotRecipe,
  field: fieldSlotRecipe,
  list: listSlotRecipe,
  nativeSelect: nativeSelectSlotRecipe,
  stat: statSlotRecipe,
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
        // Chakra's green.600 reads at 3.3:1 on white, short of the 4.5:1 small text needs; its red.500
        // (a field's error text) at 3.8:1.
        fg: {
          success: { value: { _light: '{colors.green.700}', _dark: '{colors.green.400}' } },
          error: { value: { _light: '{colors.red.700}', _dark: '{colors.red.400}' } },
        },
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
