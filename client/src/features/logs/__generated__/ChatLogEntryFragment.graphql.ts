/**
 * @generated SignedSource<<32b105107d7adc91aa364262ceac0f69>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
export type Channel = "demo" | "test" | "whatsapp" | "widget" | "%future added value";
import { FragmentRefs } from "relay-runtime";
export type ChatLogEntryFragment$data = {
  readonly bot: {
    readonly name: string;
  };
  readonly channel: Channel;
  readonly message: string;
  readonly phoneNumber: string | null | undefined;
  readonly response: string;
  readonly timestamp: any;
  readonly userName: string | null | undefined;
  readonly " $fragmentType": "ChatLogEntryFragment";
};
export type ChatLogEntryFragment$key = {
  readonly " $data"?: ChatLogEntryFragment$data;
  readonly " $fragmentSpreads": FragmentRefs<"ChatLogEntryFragment">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "ChatLogEntryFragment",
  "selections": [
    {
      "alias": null,
      "args": null,
      "concreteType": "Bot",
      "kind": "LinkedField",
      "name": "bot",
      "plural": false,
      "selections": [
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "name",
          "storageKey": null
        }
      ],
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "userName",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "channel",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "phoneNumber",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "timestamp",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "message",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "response",
      "storageKey": null
    }
  ],
  "type": "ChatLog",
  "abstractKey": null
};

(node as any).hash = "ec4d73e8aa6e950ec90f47a3044dc77a";

export default node;
