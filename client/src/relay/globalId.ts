/** Standard base64 with its padding, as the server's Pothos relay plugin writes global ids. */
const BASE64 = /^(?:[A-Za-z\d+/]{4})*(?:[A-Za-z\d+/]{2}==|[A-Za-z\d+/]{3}=)?$/;
/** `Type:id`: a GraphQL type name, then the database id (which may itself hold colons). */
const TYPED_ID = /^[A-Za-z_]\w*:(.+)$/s;

function decodeBase64(text: string): string | null {
  if (!BASE64.test(text)) return null;
  return new TextDecoder().decode(Uint8Array.from(atob(text), (char) => char.charCodeAt(0)));
}

/**
 * A Relay global id as the server writes it: base64 of `Type:id`, in UTF-8. For a database id that
 * came from outside GraphQL (a link in an email names the conversation by its database id).
 */
export function globalIdOf(type: string, databaseId: string): string {
  return btoa(String.fromCharCode(...new TextEncoder().encode(`${type}:${databaseId}`)));
}

/**
 * The database id inside a Relay global id (base64 of `Type:id`). GraphQL names objects by global
 * ids; the REST shim (document uploads, bot images, the chat-log export) takes the plain database
 * ids the spec shows. Anything else is a bug upstream: it throws rather than send a wrong id.
 */
export function databaseIdOf(globalId: string): string {
  const decoded = decodeBase64(globalId);
  const databaseId = decoded === null ? undefined : TYPED_ID.exec(decoded)?.[1];
  if (databaseId === undefined) throw new Error(`Not a Relay global id: ${JSON.stringify(globalId)}`);
  return databaseId;
}
