/**
 * @generated SignedSource<<e36f9217b2509953d0661bc2fea934d2>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ConcreteRequest } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type BotCardMenuDuplicateMutation$variables = {
  id: string;
};
export type BotCardMenuDuplicateMutation$data = {
  readonly duplicateBot: {
    readonly __typename: string;
    readonly BotCardFragment?: {
      readonly " $fragmentSpreads": FragmentRefs<"BotCardFragment">;
    } | null | undefined;
    readonly id?: string;
    readonly message?: string;
  };
};
export type BotCardMenuDuplicateMutation = {
  response: BotCardMenuDuplicateMutation$data;
  variables: BotCardMenuDuplicateMutation$variables;
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
  "name": "__typename",
  "storageKey": null
},
v3 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "id",
  "storageKey": null
},
v4 = {
  "kind": "InlineFragment",
  "selections": [
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "message",
      "storageKey": null
    }
  ],
  "type": "Error",
  "abstractKey": "__isError"
};
return {
  "fragment": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Fragment",
    "metadata": null,
    "name": "BotCardMenuDuplicateMutation",
    "selections": [
      {
        "alias": null,
        "args": (v1/*:: as any*/),
        "concreteType": null,
        "kind": "LinkedField",
        "name": "duplicateBot",
        "plural": false,
        "selections": [
          (v2/*:: as any*/),
          {
            "kind": "InlineFragment",
            "selections": [
              (v3/*:: as any*/),
              {
                "fragment": {
                  "kind": "InlineFragment",
                  "selections": [
                    {
                      "args": null,
                      "kind": "FragmentSpread",
                      "name": "BotCardFragment"
                    }
                  ],
                  "type": "Bot",
                  "abstractKey": null
                },
                "kind": "AliasedInlineFragmentSpread",
                "name": "BotCardFragment"
              }
            ],
            "type": "Bot",
            "abstractKey": null
          },
          (v4/*:: as any*/)
        ],
        "storageKey": null
      }
    ],
    "type": "Mutation",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Operation",
    "name": "BotCardMenuDuplicateMutation",
    "selections": [
      {
        "alias": null,
        "args": (v1/*:: as any*/),
        "concreteType": null,
        "kind": "LinkedField",
        "name": "duplicateBot",
        "plural": false,
        "selections": [
          (v2/*:: as any*/),
          {
            "kind": "InlineFragment",
            "selections": [
              (v3/*:: as any*/),
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
                  },
                  (v3/*:: as any*/)
                ],
                "storageKey": null
              }
            ],
            "type": "Bot",
            "abstractKey": null
          },
          (v4/*:: as any*/),
          {
            "kind": "InlineFragment",
            "selections": [
              (v3/*:: as any*/)
            ],
            "type": "Node",
            "abstractKey": "__isNode"
          }
        ],
        "storageKey": null
      }
    ]
  },
  "params": {
    "cacheID": "2074be0321a8f431ed3ee3ef56071a49",
    "id": null,
    "metadata": {},
    "name": "BotCardMenuDuplicateMutation",
    "operationKind": "mutation",
    "text": "mutation BotCardMenuDuplicateMutation(\n  $id: ID!\n) {\n  duplicateBot(id: $id) {\n    __typename\n    ... on Bot {\n      id\n      ...BotCardFragment\n    }\n    ... on Error {\n      __isError: __typename\n      message\n    }\n    ... on Node {\n      __isNode: __typename\n      id\n    }\n  }\n}\n\nfragment BotCardFragment on Bot {\n  id\n  name\n  status\n  lastUpdated\n  conversationsToday\n  owner {\n    fullName\n    id\n  }\n  ...BotCardMenuFragment\n}\n\nfragment BotCardMenuFragment on Bot {\n  id\n  name\n}\n"
  }
};
})();

(node as any).hash = "5360bd4f5c1f68ae75e60f6da62a3af7";

export default node;
