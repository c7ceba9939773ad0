// Private fundraisers (spec 2) are opened with a PIN, stored only as a hash.
import { hashSecret, verifySecret } from '../secrets';

export const hashPin = (pin: string) => hashSecret(pin);
export const verifyPin = (pin: string, pinHash: string | null) => verifySecret(pin, pinHash);
