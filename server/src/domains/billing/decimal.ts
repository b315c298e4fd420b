import { Prisma } from '../../generated/prisma/client.ts';

/** Money and credits as exact decimals (Prisma's Decimal.js), the type and its constructor. */
export type Decimal = Prisma.Decimal;
export const Decimal = Prisma.Decimal;
