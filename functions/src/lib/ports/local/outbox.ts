import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { config } from '../../config';
import type { MailPort } from '../mail';

/** Writes each e-mail as JSON into .data/outbox, newest last by file name. */
export function outbox(dir = join(config.dataDir, 'outbox')): MailPort {
  return {
    async send(message) {
      const id = randomUUID();
      await mkdir(dir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${id}.json`;
      await writeFile(join(dir, name), JSON.stringify({ id, sentAt: new Date().toISOString(), ...message }, null, 2));
      return id;
    },
  };
}
