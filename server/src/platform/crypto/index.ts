export { SecretBox, SecretBoxError } from './secretBox.ts';
export { hashPassword, verifyPassword } from './passwords.ts';
export { randomToken, sha256Hex } from './tokens.ts';
