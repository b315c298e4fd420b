import { graphql, useFragment } from 'react-relay';
import type { BotFilterSelectFragment$key } from './__generated__/BotFilterSelectFragment.graphql.ts';
import { FilterSelect } from './SelectField.tsx';

/** A list's bot filter: every bot of the viewer's (the first 100), after an "all bots" choice (''). */
export function BotFilterSelect({
  viewer,
  label,
  allLabel,
  value,
  onChange,
}: {
  viewer: BotFilterSelectFragment$key;
  label: string;
  allLabel: string;
  value: string;
  onChange: (botId: string) => void;
}) {
  const { botChoices } = useFragment(
    graphql`
      fragment BotFilterSelectFragment on User {
        botChoices: bots(first: 100) {
          edges {
            node {
              id
              name
            }
          }
        }
      }
    `,
    viewer,
  );
  return (
    <FilterSelect
      label={label}
      value={value}
      options={[{ value: '', label: allLabel }, ...botChoices.edges.map(({ node }) => ({ value: node.id, label: node.name }))]}
      onChange={onChange}
    />
  );
}
