// The admin domain's expected failures, each code written once beside its message.
import { ForbiddenError, ValidationError } from '../../errors.ts';

export const adminErrors = {
  cannotSuspendAdmin: () => new ForbiddenError('An admin cannot suspend an admin.', 'CANNOT_SUSPEND_ADMIN'),
  invalidConfigValue: (key: string, message: string) => new ValidationError(message, [{ path: 'value', message }], 'INVALID_CONFIG_VALUE'),
};
