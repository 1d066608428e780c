/**
 * Starts a TypeScript module on a worker thread: tsx's loader is registered for this thread, then
 * the module named by `workerData.entry` (a file URL) is imported.
 */
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
