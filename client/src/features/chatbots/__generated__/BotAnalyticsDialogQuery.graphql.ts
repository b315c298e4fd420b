/**
 * @generated SignedSource<<70b91b25717aa5c12c3525e160dfcc73>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ConcreteRequest } from 'relay-runtime';
export type BotStatus = "offline" | "online" | "training" | "%future added value";
export type BotAnalyticsDialogQuery$variables = {
  id: string;
};
export type BotAnalyticsDialogQuery$data = {
  readonly node: {
    readonly conversationsToday?: number;
    readonly createdAt?: any;
    readonly deployedAt?: any | null | undefined;
    readonly documents?: {
      readonly totalCount: number;
    };
    readonly status?: BotStatus;
    readonly webSources?: ReadonlyArray<{
      readonly id: string;
    }>;
  } | null | undefined;
};
export type BotAnalyticsDialogQuery = {
  response: BotAnalyticsDialogQuery$data;
  variables: BotAnalyticsDialogQuery$variables;
};

const node: ConcreteRequest = (function(){
var v0 = [
  {
    "defaultValue": null,
    "kind": "LocalArgument",
    "name": "id"
  }
],
v1 = [
  {
    "kind": "Variable",
    "name": "id",
    "variableName": "id"
  }
],
v2 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "id",
  "storageKey": null
},
v3 = {
  "kind": "InlineFragment",
  "selections": [
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
      "name": "conversationsToday",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "createdAt",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "deployedAt",
      "storageKey": null
    },
    {
      "alias": null,
      "args": [
        {
          "kind": "Literal",
          "name": "first",
          "value": 0
        }
      ],
      "concreteType": "BotDocumentsConnection",
      "kind": "LinkedField",
      "name": "documents",
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
      "storageKey": "documents(first:0)"
    },
    {
      "alias": null,
      "args": null,
      "concreteType": "WebSource",
      "kind": "LinkedField",
      "name": "webSources",
      "plural": true,
      "selections": [
        (v2/*:: as any*/)
      ],
      "storageKey": null
    }
  ],
  "type": "Bot",
  "abstractKey": null
};
return {
  "fragment": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Fragment",
    "metadata": null,
    "name": "BotAnalyticsDialogQuery",
    "selections": [
      {
        "alias": null,
        "args": (v1/*:: as any*/),
        "concreteType": null,
        "kind": "LinkedField",
        "name": "node",
        "plural": false,
        "selections": [
          (v3/*:: as any*/)
        ],
        "storageKey": null
      }
    ],
    "type": "Query",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Operation",
    "name": "BotAnalyticsDialogQuery",
    "selections": [
      {
        "alias": null,
        "args": (v1/*:: as any*/),
        "concreteType": null,
        "kind": "LinkedField",
        "name": "node",
        "plural": false,
        "selections": [
          {
            "alias": null,
            "args": null,
            "kind": "ScalarField",
            "name": "__typename",
            "storageKey": null
          },
          (v3/*:: as any*/),
          (v2/*:: as any*/)
        ],
        "storageKey": null
      }
    ]
  },
  "params": {
    "cacheID": "a6ea11d3830d1111ac740b5a12edc0a2",
    "id": null,
    "metadata": {},
    "name": "BotAnalyticsDialogQuery",
    "operationKind": "query",
    "text": "query BotAnalyticsDialogQuery(\n  $id: ID!\n) {\n  node(id: $id) {\n    __typename\n    ... on Bot {\n      status\n      conversationsToday\n      createdAt\n      deployedAt\n      documents(first: 0) {\n        totalCount\n      }\n      webSources {\n        id\n      }\n    }\n    id\n  }\n}\n"
  }
};
})();

(node as any).hash = "358f0962513808478a434ac57f0f3b49";

export default node;
