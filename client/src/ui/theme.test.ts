import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { recipes as chakraRecipes, slotRecipes as chakraSlotRecipes } from '@chakra-ui/react/theme';
import { describe, expect, it } from 'vitest';
import { recipes, slotRecipes } from './theme.ts';

/** Components styled by another component's recipe, or by more than their own. */
const RECIPES_OF: Record<string, string[]> = {
  IconButton: ['button'],
  CloseButton: ['button'],
  Toaster: ['toast'],
  Checkbox: ['checkbox', 'checkmark'],
  CheckboxCard: ['checkboxCard', 'checkmark'],
  RadioGroup: ['radioGroup', 'radiomark'],
  ColorPicker: ['colorPicker', 'colorSwatch'],
  InputGroup: ['inputAddon'],
};

function chakraComponentsInSource(): Set<string> {
  const root = join(__dirname, '..');
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter(
    (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.includes('__generated__'),
  );
  const names = files.flatMap((file) =>
    [...readFileSync(join(root, file), 'utf8').matchAll(/import\s*\{([^}]*)\}\s*from\s*'@chakra-ui\/react'/g)].flatMap((match) =>
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

function recipesNeeded(): Set<string> {
  const known = new Set([...Object.keys(chakraRecipes), ...Object.keys(chakraSlotRecipes)]);
  const needed = [...chakraComponentsInSource()].flatMap((name) => RECIPES_OF[name] ?? [name[0]!.toLowerCase() + name.slice(1)]);
  return new Set(needed.filter((key) => known.has(key)));
}

describe('the theme', () => {
  const kept = new Set([...Object.keys(recipes), ...Object.keys(slotRecipes)]);

  it('keeps the recipe of every Chakra component the app uses', () => {
    expect([...recipesNeeded()].filter((key) => !kept.has(key)).sort()).toEqual([]);
  });

  it('drops the recipes nothing uses', () => {
    const needed = recipesNeeded();
    expect([...kept].filter((key) => !needed.has(key)).sort()).toEqual([]);
  });
});
