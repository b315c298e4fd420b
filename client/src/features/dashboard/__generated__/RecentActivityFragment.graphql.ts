/**
 * @generated SignedSource<<2ab881811b9f0756b825ef29cc22de91>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type RecentActivityFragment$data = {
  readonly recentActivity: ReadonlyArray<{
    readonly event: string;
    readonly id: string;
    readonly level: string;
    readonly timestamp: any;
  }>;
  readonly " $fragmentType": "RecentActivityFragment";
};
export type RecentActivityFragment$key = {
  readonly " $data"?: RecentActivityFragment$data;
  readonly " $fragmentSpreads": FragmentRefs<"RecentActivityFragment">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "RecentActivityFragment",
  "selections": [
    {
      "alias": null,
      "args": null,
      "concreteType": "Activity",
      "kind": "LinkedField",
      "name": "recentActivity",
      "plural": true,
      "selections": [
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "id",
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "event",
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "level",
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "timestamp",
          "storageKey": null
        }
      ],
      "storageKey": null
    }
  ],
  "type": "Dashboard",
  "abstractKey": null
};

(node as any).hash = "272cc5d1ed5ab878ebfc30275726cbb4";

export default node;
