import type { ComponentType } from 'react';

/**
 * A Chakra component with its recipe given as a prop, for components whose recipe is not in the
 * theme (see theme.ts): the recipe then loads with the screens that use the component instead of
 * with the first page. For a namespace component, bind its Root: the parts read the Root's styles.
 */
export function withRecipe<P extends { recipe?: unknown }>(Component: ComponentType<P>, recipe: P['recipe']): ComponentType<P> {
  function WithRecipe(props: P) {
    return <Component {...props} recipe={props.recipe ?? recipe} />;
  }
  WithRecipe.displayName = Component.displayName;
  return WithRecipe;
}
