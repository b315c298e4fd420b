/** A write refused by a unique constraint: Prisma's P2002 on every driver adapter (their `meta` differs). */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'P2002';
}
