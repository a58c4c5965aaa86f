import type { HandlerMap } from '../types.ts';
import { getAccounts } from './accounts.ts';

export const paymentsHandlers: HandlerMap = { getAccounts };
