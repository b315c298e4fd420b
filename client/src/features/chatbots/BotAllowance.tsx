import { createContext, use, type ReactNode } from 'react';
import { graphql, useFragment } from 'react-relay';
import type {
  BotAllowanceProviderFragment$data,
  BotAllowanceProviderFragment$key,
} from './__generated__/BotAllowanceProviderFragment.graphql.ts';

/**
 * What the viewer's plan allows, mirroring the server's rule: credit mode needs credits; a
 * subscription caps bots at its bot limit (null: no cap); anything else is no plan.
 */
export type BotAllowance =
  { kind: 'none' } | { kind: 'unlimited'; botCount: number } | { kind: 'limited'; botCount: number; limit: number };

function botAllowanceOf(viewer: BotAllowanceProviderFragment$data): BotAllowance {
  const { billing } = viewer;
  const botCount = viewer.botTotal.totalCount;
  if (billing.planType === 'credit') return billing.credits.totalCredits > 0 ? { kind: 'unlimited', botCount } : { kind: 'none' };
  if (!billing.subscription) return { kind: 'none' };
  const limit = billing.subscription.botLimit;
  return limit === null || limit === undefined ? { kind: 'unlimited', botCount } : { kind: 'limited', botCount, limit };
}

export const canCreateBot = (allowance: BotAllowance) =>
  allowance.kind === 'unlimited' || (allowance.kind === 'limited' && allowance.botCount < allowance.limit);

const AllowanceContext = createContext<BotAllowance>({ kind: 'none' });

export const useBotAllowance = () => use(AllowanceContext);

export function BotAllowanceProvider({ viewer, children }: { viewer: BotAllowanceProviderFragment$key; children: ReactNode }) {
  const data = useFragment(
    graphql`
      fragment BotAllowanceProviderFragment on User {
        billing {
          planType
          credits {
            totalCredits
          }
          subscription {
            botLimit
          }
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
