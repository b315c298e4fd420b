export { SecretBox, SecretBoxError } from './secretBox.ts';
export { hashPassword, verifyPassword } from './passwords.ts';
export { randomToken, sameSecret, sha256Hex } from './tokens.ts';
export { FULLY_MASKED_BELOW, maskSecret } from './mask.ts';
