import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../test/accounts.ts';
import { graphql, startTestServer, type TestServer } from '../../../test/harness.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

const UPDATE = `mutation($on: Boolean!) {
  updateAccountSettings(emailNotifications: $on) {
    __typename
    ... on User { email emailNotifications }
    ... on Error { message }
  }
}`;

describe('updateAccountSettings', () => {
  it('starts with email notifications on, turns them off and on again for the viewer only', async () => {
    const ann = await signUp(server, 'Ann');
    const bob = await signUp(server, 'Bob');
    const before = await graphql(server, '{ viewer { emailNotifications } }', {}, ann.accessToken);
    expect(before.data.viewer.emailNotifications).toBe(true);

    const off = await graphql(server, UPDATE, { on: false }, ann.accessToken);
    expect(off.errors).toBeUndefined();
    expect(off.data.updateAccountSettings).toEqual({ __typename: 'User', email: ann.email, emailNotifications: false });
    const read = await graphql(server, '{ viewer { emailNotifications } }', {}, ann.accessToken);
    expect(read.data.viewer.emailNotifications).toBe(false);
    const other = await graphql(server, '{ viewer { emailNotifications } }', {}, bob.accessToken);
    expect(other.data.viewer.emailNotifications).toBe(true);

    const on = await graphql(server, UPDATE, { on: true }, ann.accessToken);
    expect(on.data.updateAccountSettings.emailNotifications).toBe(true);
  });

  it('refuses a signed-out caller', async () => {
    const response = await graphql(server, UPDATE, { on: false });
    expect(response.data ?? null).toBeNull();
    expect(response.errors).toEqual([
      expect.objectContaining({
        message: 'Authentication required',
        extensions: expect.objectContaining({ code: 'AUTHENTICATION_REQUIRED' }),
      }),
    ]);
  });
});
