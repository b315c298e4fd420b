/**
 * @generated SignedSource<<fde32be7262734d6507de4063a9de9ab>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ConcreteRequest } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type BotTone = "custom" | "formal" | "friendly" | "humorous" | "professional" | "%future added value";
export type BotInput = {
  botDescription?: string | null | undefined;
  botPrompt?: string | null | undefined;
  chatPosition?: string | null | undefined;
  creativity?: number | null | undefined;
  customToneDescription?: string | null | undefined;
  description?: string | null | undefined;
  displayName?: string | null | undefined;
  enableMemory?: boolean | null | undefined;
  followUpBehavior?: string | null | undefined;
  generatedPrompt?: string | null | undefined;
  isActive?: boolean | null | undefined;
  languageCode?: string | null | undefined;
  maxTokens?: number | null | undefined;
  name?: string | null | undefined;
  responseStyle?: string | null | undefined;
  streaming?: boolean | null | undefined;
  themeColor?: string | null | undefined;
  tone?: BotTone | null | undefined;
  useCase?: string | null | undefined;
};
export type CreateBotDialogMutation$variables = {
  input: BotInput;
};
export type CreateBotDialogMutation$data = {
  readonly createBot: {
    readonly __typename: string;
    readonly BotCardFragment?: {
      readonly " $fragmentSpreads": FragmentRefs<"BotCardFragment">;
    } | null | undefined;
    readonly id?: string;
    readonly message?: string;
  };
};
export type CreateBotDialogMutation = {
  response: CreateBotDialogMutation$data;
  variables: CreateBotDialogMutation$variables;
};

const node: ConcreteRequest = (function(){
var v0 = [
  {
    "defaultValue": null,
    "kind": "LocalArgument",
    "name": "input"
  }
],
v1 = [
  {
    "kind": "Variable",
    "name": "input",
    "variableName": "input"
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
    "name": "CreateBotDialogMutation",
    "selections": [
      {
        "alias": null,
        "args": (v1/*:: as any*/),
        "concreteType": null,
        "kind": "LinkedField",
        "name": "createBot",
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
    "name": "CreateBotDialogMutation",
    "selections": [
      {
        "alias": null,
        "args": (v1/*:: as any*/),
        "concreteType": null,
        "kind": "LinkedField",
        "name": "createBot",
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
    "cacheID": "1b1acacb46ab0ca4cff8fdab7c0f1060",
    "id": null,
    "metadata": {},
    "name": "CreateBotDialogMutation",
    "operationKind": "mutation",
    "text": "mutation CreateBotDialogMutation(\n  $input: BotInput!\n) {\n  createBot(input: $input) {\n    __typename\n    ... on Bot {\n      id\n      ...BotCardFragment\n    }\n    ... on Error {\n      __isError: __typename\n      message\n    }\n    ... on Node {\n      __isNode: __typename\n      id\n    }\n  }\n}\n\nfragment BotCardFragment on Bot {\n  id\n  name\n  status\n  lastUpdated\n  conversationsToday\n  owner {\n    fullName\n    id\n  }\n  ...BotCardMenuFragment\n}\n\nfragment BotCardMenuFragment on Bot {\n  id\n  name\n}\n"
  }
};
})();

(node as any).hash = "b89e68bc6c3f4bf9fc65160b07075cbe";

export default node;
