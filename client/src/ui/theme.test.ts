import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { recipes as chakraRecipes, slotRecipes as chakraSlotRecipes } from '@chakra-ui/react/theme';
import { describe, expect, it } from 'vitest';
import { recipes, slotRecipes } from './theme.ts';

/** Components styled by another component's recipe, by more than their own, or by none. */
const RECIPES_OF: Record<string, string[]> = {
  IconButton: ['button'],
  CloseButton: ['button'],
  Toaster: [],
  Checkbox: ['checkbox', 'checkmark'],
  CheckboxCard: ['checkboxCard', 'checkmark'],
  RadioGroup: ['radioGroup', 'radiomark'],
  ColorPicker: ['colorPicker', 'colorSwatch'],
  InputGroup: ['inputAddon'],
};

const KNOWN_RECIPES = new Set([...Object.keys(chakraRecipes), ...Object.keys(chakraSlotRecipes)]);
const recipesOf = (component: string) =>
  (RECIPES_OF[component] ?? [component[0]!.toLowerCase() + component.slice(1)]).filter((key) => KNOWN_RECIPES.has(key));

const sourceRoot = join(__dirname, '..');
const onDemandFolder = join(__dirname, 'chakra');

/** The components of `ui/chakra/`, each in a file of its name, with its recipe bound. */
const ON_DEMAND = readdirSync(onDemandFolder)
  .filter((file) => /^[A-Z]\w*\.ts$/.test(file))
  .map((file) => file.replace(/\.ts$/, ''));

/** Chakra components imported straight from the package, outside `ui/chakra/`: these read the theme's recipes. */
function componentsReadingTheTheme(): Set<string> {
  const files = readdirSync(sourceRoot, { recursive: true, encoding: 'utf8' }).filter(
    (file) =>
      /\.tsx?$/.test(file) &&
      !/\.test\.tsx?$/.test(file) &&
      !file.includes('__generated__') &&
      !join(sourceRoot, file).startsWith(onDemandFolder),
  );
  const names = files.flatMap((file) =>
    [...readFileSync(join(sourceRoot, file), 'utf8').matchAll(/import\s*\{([^}]*)\}\s*from\s*'@chakra-ui\/react'/g)].flatMap((match) =>
      match[1]!.split(',').map(
        (name) =>
          name
            .trim()
            .replace(/^type\s+/, '')
            .split(/\s+as\s+/)[0]!,
      ),
    ),
  );
  return new Set(names.filter((name) => /^[A-Z]/.test(name)));
}

describe('the theme', () => {
  const kept = new Set([...Object.keys(recipes), ...Object.keys(slotRecipes)]);
  const readingTheTheme = componentsReadingTheTheme();
  const needed = new Set([...readingTheTheme].flatMap(recipesOf));

  it('keeps the recipe of every Chakra component the app uses from the package', () => {
    expect([...needed].filter((key) => !kept.has(key)).sort()).toEqual([]);
  });

  it('drops the recipes nothing uses from the package', () => {
    expect([...kept].filter((key) => !needed.has(key)).sort()).toEqual([]);
  });

  it('leaves the on-demand components to ui/chakra/, where their recipes are bound', () => {
    expect(ON_DEMAND.length).toBeGreaterThan(0);
    expect(ON_DEMAND.filter((component) => readingTheTheme.has(component) || recipesOf(component).length === 0)).toEqual([]);
  });
});
