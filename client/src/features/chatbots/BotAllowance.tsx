import { createContext, use, type ReactNode } from 'react';
import { graphql, useFragment } from 'react-relay';
import type {
  BotAllowanceProviderFragment$data,
  BotAllowanceProviderFragment$key,
} from './__generated__/BotAllowanceProviderFragment.graphql.ts';

/** What the viewer's plan allows (paid, trial or credits), as the server decides it, with their bot count. */
export type BotAllowance =
  { kind: 'none' } | { kind: 'unlimited'; botCount: number } | { kind: 'limited'; botCount: number; limit: number };

function botAllowanceOf(viewer: BotAllowanceProviderFragment$data): BotAllowance {
  const { kind, limit } = viewer.botAllowance;
  const botCount = viewer.botTotal.totalCount;
  if (kind === 'limited' && limit !== null && limit !== undefined) return { kind, botCount, limit };
  if (kind === 'unlimited') return { kind, botCount };
  return { kind: 'none' };
}

export const canCreateBot = (allowance: BotAllowance) =>
  allowance.kind === 'unlimited' || (allowance.kind === 'limited' && allowance.botCount < allowance.limit);

const AllowanceContext = createContext<BotAllowance>({ kind: 'none' });

export const useBotAllowance = () => use(AllowanceContext);

export function BotAllowanceProvider({ viewer, children }: { viewer: BotAllowanceProviderFragment$key; children: ReactNode }) {
  const data = useFragment(
    graphql`
      fragment BotAllowanceProviderFragment on User {
        botAllowance {
          kind
          limit
        }
        botTotal: bots(first: 0) {
          totalCount
        }
      }
    `,
    viewer,
  );
  return <AllowanceContext value={botAllowanceOf(data)}>{children}</AllowanceContext>;
}
