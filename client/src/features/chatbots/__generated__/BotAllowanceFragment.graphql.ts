/**
 * @generated SignedSource<<937291987c6895aef0ba55067f5ab960>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
export type PlanType = "credit" | "subscription" | "%future added value";
import { FragmentRefs } from "relay-runtime";
export type BotAllowanceFragment$data = {
  readonly billing: {
    readonly credits: {
      readonly totalCredits: number;
    };
    readonly planType: PlanType;
    readonly subscription: {
      readonly botLimit: number | null | undefined;
    } | null | undefined;
  };
  readonly botTotal: {
    readonly totalCount: number;
  };
  readonly " $fragmentType": "BotAllowanceFragment";
};
export type BotAllowanceFragment$key = {
  readonly " $data"?: BotAllowanceFragment$data;
  readonly " $fragmentSpreads": FragmentRefs<"BotAllowanceFragment">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "BotAllowanceFragment",
  "selections": [
    {
      "alias": null,
      "args": null,
      "concreteType": "Billing",
      "kind": "LinkedField",
      "name": "billing",
      "plural": false,
      "selections": [
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "planType",
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "concreteType": "CreditBalance",
          "kind": "LinkedField",
          "name": "credits",
          "plural": false,
          "selections": [
            {
              "alias": null,
              "args": null,
              "kind": "ScalarField",
              "name": "totalCredits",
              "storageKey": null
            }
          ],
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "concreteType": "CurrentSubscription",
          "kind": "LinkedField",
          "name": "subscription",
          "plural": false,
          "selections": [
            {
              "alias": null,
              "args": null,
              "kind": "ScalarField",
              "name": "botLimit",
              "storageKey": null
            }
          ],
          "storageKey": null
        }
      ],
      "storageKey": null
    },
    {
      "alias": "botTotal",
      "args": [
        {
          "kind": "Literal",
          "name": "first",
          "value": 0
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
          "kind": "ScalarField",
          "name": "totalCount",
          "storageKey": null
        }
      ],
      "storageKey": "bots(first:0)"
    }
  ],
  "type": "User",
  "abstractKey": null
};

(node as any).hash = "ad5dedc6c6ed06b8a434970ba858662e";

export default node;
