import { Logger } from '@aws-lambda-powertools/logger';

/** One Powertools logger per function; tenant and request id are appended per request. */
export const logger = new Logger({
  serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'freguesia',
  logLevel: (process.env.POWERTOOLS_LOG_LEVEL as 'INFO' | 'DEBUG' | 'WARN' | 'ERROR' | undefined) ?? 'INFO',
});
