/**
 * @generated SignedSource<<064b5f3bb5bddf43d3c3edcaec7434df>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type TopBotsFragment$data = {
  readonly topBots: ReadonlyArray<{
    readonly bot: string;
    readonly conversations: number;
    readonly name: string;
  }>;
  readonly " $fragmentType": "TopBotsFragment";
};
export type TopBotsFragment$key = {
  readonly " $data"?: TopBotsFragment$data;
  readonly " $fragmentSpreads": FragmentRefs<"TopBotsFragment">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "TopBotsFragment",
  "selections": [
    {
      "alias": null,
      "args": null,
      "concreteType": "TopBot",
      "kind": "LinkedField",
      "name": "topBots",
      "plural": true,
      "selections": [
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "bot",
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
          "name": "conversations",
          "storageKey": null
        }
      ],
      "storageKey": null
    }
  ],
  "type": "Dashboard",
  "abstractKey": null
};

(node as any).hash = "345942148d1a397e9c2e7d679561969c";

export default node;
