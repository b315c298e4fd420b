/**
 * @generated SignedSource<<8db908b58dc844587913cdb825d5555c>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type BotCardMenuFragment$data = {
  readonly id: string;
  readonly name: string;
  readonly " $fragmentType": "BotCardMenuFragment";
};
export type BotCardMenuFragment$key = {
  readonly " $data"?: BotCardMenuFragment$data;
  readonly " $fragmentSpreads": FragmentRefs<"BotCardMenuFragment">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "BotCardMenuFragment",
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
  "type": "Bot",
  "abstractKey": null
};

(node as any).hash = "e80b62c9a79e890000bc5674bda26edb";

export default node;
