/**
 * The database id inside a Relay global id (base64 of `Type:id`): the REST shim, which carries the
 * document uploads, names bots by their plain ids, as the spec shows.
 */
export function databaseIdOf(globalId: string): string {
  try {
    const decoded = atob(globalId);
    const separator = decoded.indexOf(':');
    return separator > 0 ? decoded.slice(separator + 1) : globalId;
  } catch {
    return globalId;
  }
}
