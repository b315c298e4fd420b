/**
 * @generated SignedSource<<d96f9354d34c9dd0ee826ef2041f6eea>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type DashboardStatsFragment$data = {
  readonly avgResponseTime: number;
  readonly avgResponseTimeChange: number;
  readonly botsChange: number;
  readonly conversationsChange: number;
  readonly totalBots: number;
  readonly totalConversations: number;
  readonly " $fragmentType": "DashboardStatsFragment";
};
export type DashboardStatsFragment$key = {
  readonly " $data"?: DashboardStatsFragment$data;
  readonly " $fragmentSpreads": FragmentRefs<"DashboardStatsFragment">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "DashboardStatsFragment",
  "selections": [
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "totalBots",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "botsChange",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "totalConversations",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "conversationsChange",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "avgResponseTime",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "avgResponseTimeChange",
      "storageKey": null
    }
  ],
  "type": "Dashboard",
  "abstractKey": null
};

(node as any).hash = "ab0c3196f08dea49897af780fec58ceb";

export default node;
