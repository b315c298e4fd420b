/**
 * @generated SignedSource<<88c0acfa9a3142997adf6ddb7cbe5351>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
export type BotStatus = "offline" | "online" | "training" | "%future added value";
import { FragmentRefs } from "relay-runtime";
export type BotCardFragment$data = {
  readonly conversationsToday: number;
  readonly id: string;
  readonly lastUpdated: any;
  readonly name: string;
  readonly owner: {
    readonly fullName: string;
  } | null | undefined;
  readonly status: BotStatus;
  readonly " $fragmentSpreads": FragmentRefs<"BotCardMenuFragment">;
  readonly " $fragmentType": "BotCardFragment";
};
export type BotCardFragment$key = {
  readonly " $data"?: BotCardFragment$data;
  readonly " $fragmentSpreads": FragmentRefs<"BotCardFragment">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "BotCardFragment",
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
      "name": "name",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "status",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "lastUpdated",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "conversationsToday",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "concreteType": "User",
      "kind": "LinkedField",
      "name": "owner",
      "plural": false,
      "selections": [
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "fullName",
          "storageKey": null
        }
      ],
      "storageKey": null
    },
    {
      "args": null,
      "kind": "FragmentSpread",
      "name": "BotCardMenuFragment"
    }
  ],
  "type": "Bot",
  "abstractKey": null
};

(node as any).hash = "00f68aca2f53c933502a1c54d092f035";

export default node;
