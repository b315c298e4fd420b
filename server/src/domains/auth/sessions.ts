// Ended sessions and suspended users: an access token is checked against them on every request.
import type { Logger } from 'pino';
import type { PrismaClient } from '../../generated/prisma/client.ts';
import type { Clock } from '../../platform/clock/index.ts';
import { isDatabaseUnavailable } from '../../platform/database/errors.ts';
import { Outage } from '../../platform/outage.ts';
import type { RevocationList } from '../../platform/revocations/index.ts';
import { isRevoked, REVOCATION_TTL_MS, revocationsOf, sessionRevocation, userRevocation } from './revocation.ts';
import type { VerifiedAccess } from './tokens.ts';

export class SessionRevocations {
  private restored: Promise<void> | undefined;
  /** While skipping, tokens are checked against the rows: the revocation list failed a moment ago. */
  private readonly outage: Outage;

  constructor(
    private readonly deps: {
      prisma: PrismaClient;
      clock: Clock;
      revocations: RevocationList;
      logger: Pick<Logger, 'warn' | 'info'>;
    },
  ) {
    this.outage = new Outage(
      { started: 'revocation list unreachable: checking tokens against the database', ended: 'revocation list readable again' },
      deps.logger,
    );
  }

  /** Whether the token's session was ended, or its user suspended, after it was issued. */
  async revoked(access: VerifiedAccess): Promise<boolean> {
    return isRevoked(access.issuedAt, await this.revocationTimes(access));
  }

  /** Stops every access token the user holds now (a suspension). */
  revokeUser(userId: string): Promise<void> {
    return this.remember(userRevocation(userId), this.deps.clock.now());
  }

  /**
   * When the token's session and user were last revoked: from the revocation list; while it cannot
   * be read (Redis away), from the rows that record revocations, which the list is filled from again
   * once it answers (revocations made meanwhile are only in the rows).
   */
  private async revocationTimes(access: VerifiedAccess): Promise<(number | null)[]> {
    if (!this.outage.skipping) {
      try {
        await this.restoreRevocations();
        const times = await this.deps.revocations.revokedAt(revocationsOf(access));
        this.outage.answered();
        return times;
      } catch (error) {
        if (isDatabaseUnavailable(error)) throw error;
        this.revocationListFailed(error);
      }
    }
    return this.revokedInRows(access);
  }

  /** The rows' answer to `revocationsOf(access)`: the session's family revoked as a whole, the user suspended. */
  private async revokedInRows(access: VerifiedAccess): Promise<[number | null, number | null]> {
    const [family, user] = await Promise.all([
      this.deps.prisma.refreshToken.findFirst({
        where: { familyId: access.familyId, revokedAt: { not: null }, replacedById: null },
        orderBy: { revokedAt: 'desc' },
        select: { revokedAt: true },
      }),
      this.deps.prisma.user.findUnique({ where: { id: access.userId }, select: { status: true, updatedAt: true } }),
    ]);
    return [family?.revokedAt?.getTime() ?? null, user?.status === 'suspended' ? user.updatedAt.getTime() : null];
  }

  /** Records a revocation in the list; one that cannot be (Redis away) is in the rows, which fill the list again. */
  private async remember(key: string, at: Date): Promise<void> {
    try {
      await this.deps.revocations.revoke(key, at, REVOCATION_TTL_MS);
    } catch (error) {
      this.revocationListFailed(error);
    }
  }

  private revocationListFailed(error: unknown): void {
    this.outage.failed(error);
    this.restored = undefined;
  }

  /**
   * Ends every session of the user (but `keepFamilyId`'s): their refresh tokens and the access tokens
   * they issued. Families whose refresh tokens all expired have no live access token left.
   */
  async revokeSessionsOf(userId: string, keepFamilyId?: string): Promise<void> {
    const families = await this.deps.prisma.refreshToken.findMany({
      where: { userId, expiresAt: { gt: this.deps.clock.now() }, ...(keepFamilyId ? { familyId: { not: keepFamilyId } } : {}) },
      distinct: ['familyId'],
      select: { familyId: true },
    });
    await Promise.all(families.map(({ familyId }) => this.revokeFamily(familyId)));
  }

  /** After the rows, so that a token the family issues while they change is revoked as well. */
  async revokeFamily(familyId: string): Promise<void> {
    const now = this.deps.clock.now();
    await this.deps.prisma.refreshToken.updateMany({ where: { familyId, revokedAt: null }, data: { revokedAt: now } });
    await this.remember(sessionRevocation(familyId), this.deps.clock.now());
  }

  /**
   * Once per process, the revocations of the last access-token lifetime from the rows that record
   * them: a list kept in memory starts empty, and a restart must not bring a logged-out session's
   * or a suspended user's tokens back. A family revoked as a whole leaves its last token revoked
   * and not replaced (rotation replaces); a suspended user's row was last changed by the suspension
   * or after it.
   */
  private restoreRevocations(): Promise<void> {
    this.restored ??= this.readRecentRevocations().catch((error: unknown) => {
      this.restored = undefined;
      throw error;
    });
    return this.restored;
  }

  private async readRecentRevocations(): Promise<void> {
    const since = new Date(this.deps.clock.now().getTime() - REVOCATION_TTL_MS);
    const [sessions, suspended] = await Promise.all([
      this.deps.prisma.refreshToken.findMany({
        where: { revokedAt: { gte: since }, replacedById: null },
        select: { familyId: true, revokedAt: true },
      }),
      this.deps.prisma.user.findMany({ where: { status: 'suspended', updatedAt: { gte: since } }, select: { id: true, updatedAt: true } }),
    ]);
    await Promise.all([
      ...sessions.map(({ familyId, revokedAt }) =>
        this.deps.revocations.revoke(sessionRevocation(familyId), revokedAt!, REVOCATION_TTL_MS),
      ),
      ...suspended.map(({ id, updatedAt }) => this.deps.revocations.revoke(userRevocation(id), updatedAt, REVOCATION_TTL_MS)),
    ]);
  }
}
