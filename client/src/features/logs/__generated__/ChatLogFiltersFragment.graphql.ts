/**
 * @generated SignedSource<<67e53f45c197ad496e23c30a814d176a>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type ChatLogFiltersFragment$data = {
  readonly botChoices: {
    readonly edges: ReadonlyArray<{
      readonly node: {
        readonly id: string;
        readonly name: string;
      };
    }>;
  };
  readonly " $fragmentType": "ChatLogFiltersFragment";
};
export type ChatLogFiltersFragment$key = {
  readonly " $data"?: ChatLogFiltersFragment$data;
  readonly " $fragmentSpreads": FragmentRefs<"ChatLogFiltersFragment">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "ChatLogFiltersFragment",
  "selections": [
    {
      "alias": "botChoices",
      "args": [
        {
          "kind": "Literal",
          "name": "first",
          "value": 100
        }
      ],
      "concreteType": "UserBotsConnection",
      "kind": "LinkedField",
      "name": "bots",
      "plural": false,
      "selections": [
        {
          "alias": null,
          "args": null,
          "concreteType": "UserBotsConnectionEdge",
          "kind": "LinkedField",
          "name": "edges",
          "plural": true,
          "selections": [
            {
              "alias": null,
              "args": null,
              "concreteType": "Bot",
              "kind": "LinkedField",
              "name": "node",
              "plural": false,
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
                }
              ],
              "storageKey": null
            }
          ],
          "storageKey": null
        }
      ],
      "storageKey": "bots(first:100)"
    }
  ],
  "type": "User",
  "abstractKey": null
};

(node as any).hash = "b503d2c6046960adc92ad159cc14995b";

export default node;
