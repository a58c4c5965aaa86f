// The settings' refusals: each names the key and why, and nothing is changed.
import { ApiError } from '../errors.ts';

export const settingsError = {
  unknownKey: (key: string) => new ApiError(404, `There is no setting named ${key}.`, { errorCode: 'SET404' }),
  invalidValue: (key: string, why: string) => new ApiError(400, `The value of ${key} ${why}.`, { errorCode: 'SET001', fields: { value: why } }),
  readOnly: (key: string) => new ApiError(403, `${key} is read-only: it is not changed from the console.`, { errorCode: 'SET003' }),
  lockedGlobally: (key: string) => new ApiError(409, `${key} is locked for every company: it cannot be changed.`, { errorCode: 'SET002' }),
  lockedByCompany: (key: string) => new ApiError(409, `${key} is locked by the management company: the association cannot change it.`, { errorCode: 'SET002' }),
  /** A brand colour that would make text, links or focus rings too faint (server/branding/contrast.ts). */
  lowContrast: (key: string, colour: string, why: string) =>
    new ApiError(400, `The colour ${colour} for ${key} ${why}. Choose a darker colour.`, { errorCode: 'SET004', fields: { value: why } }),
  lockOnAssociation: (key: string) => new ApiError(400, `${key}: only the company level can lock a key.`, { errorCode: 'SET001', fields: { locked: 'only the company level can lock a key' } }),
};
