/** The current time; injectable so tests can move it (code expiry, resend waits, token expiry). */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();
