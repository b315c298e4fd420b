import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, isUniqueViolation } from './errors.ts';

/** Prisma's error around a driver adapter's cause, as a query on a cut connection throws it. */
const prismaError = (code: string, cause: Record<string, unknown>) =>
  Object.assign(new Error('Invalid invocation'), { code, meta: { driverAdapterError: { name: 'DriverAdapterError', cause } } });

describe('isDatabaseUnavailable', () => {
  it.each<[string, unknown, boolean]>([
    [
      'a connection terminated by the server (57P01, as seen on PostgreSQL 15)',
      prismaError('P2010', { kind: 'postgres', code: '57P01', originalCode: '57P01' }),
      true,
    ],
    ['the server starting up (57P03)', prismaError('P2010', { kind: 'postgres', originalCode: '57P03' }), true],
    ['a connection exception (class 08)', prismaError('P2010', { kind: 'postgres', originalCode: '08006' }), true],
    ['too many clients (53300)', prismaError('P2010', { kind: 'postgres', originalCode: '53300' }), true],
    ['the adapter: not reachable', prismaError('P1001', { kind: 'DatabaseNotReachable' }), true],
    ['the adapter: connection closed', prismaError('P1017', { kind: 'ConnectionClosed' }), true],
    ['no pooled connection in time', Object.assign(new Error('Timed out fetching a new connection'), { code: 'P2024' }), true],
    ["the driver's own error", Object.assign(new Error('Connection terminated unexpectedly'), {}), true],
    [
      'a refused socket in a cause',
      Object.assign(new Error('query failed'), { cause: Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }) }),
      true,
    ],
    ['a unique violation', prismaError('P2002', { kind: 'UniqueConstraintViolation' }), false],
    ['a missing table', prismaError('P2021', { kind: 'TableDoesNotExist', originalCode: '42P01' }), false],
    ['a syntax error', prismaError('P2010', { kind: 'postgres', originalCode: '42601' }), false],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')"), false],
    ['not an error', 'ECONNREFUSED', false],
    ['nothing', null, false],
  ])('%s: %s', (_case, error, unavailable) => {
    expect(isDatabaseUnavailable(error)).toBe(unavailable);
  });
});

describe('isUniqueViolation', () => {
  it.each<[string, unknown, boolean]>([
    ["Prisma's P2002 (a model write)", Object.assign(new Error('Unique constraint failed'), { code: 'P2002' }), true],
    ['a raw statement, as the adapter names it', prismaError('P2010', { kind: 'UniqueConstraintViolation' }), true],
    ['a raw statement, by its SQLSTATE', prismaError('P2010', { kind: 'postgres', originalCode: '23505' }), true],
    ['another constraint', prismaError('P2010', { kind: 'postgres', originalCode: '23503' }), false],
    ['a connection cut', prismaError('P2010', { kind: 'postgres', originalCode: '57P01' }), false],
    ['nothing', undefined, false],
  ])('%s: %s', (_case, error, unique) => {
    expect(isUniqueViolation(error)).toBe(unique);
  });
});
