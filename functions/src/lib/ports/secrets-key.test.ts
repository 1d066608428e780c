import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { config } from '../config';
import { UnreadableSecretError, cipherWith } from './secrets-key';

const material = async () => 'unit-test-key-material-0123456789-abcdefghijklmnop';

describe('secrets cipher (AES-256-GCM with the data key)', () => {
  it('opens what it sealed, and never holds the clear text', async () => {
    const cipher = cipherWith(material);
    const sealed = await cipher.seal('frg_segredo-do-pdv', 'integration-token:demo');
    expect(sealed).toMatch(/^v1\.[0-9a-f]{8}\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('segredo');
    expect(await cipher.open(sealed, 'integration-token:demo')).toBe('frg_segredo-do-pdv');
    // A fresh IV each time: the same token never seals to the same text.
    expect(await cipher.seal('frg_segredo-do-pdv', 'integration-token:demo')).not.toBe(sealed);
  });

  it('refuses another context (tenant), another key and a modified value', async () => {
    const cipher = cipherWith(material);
    const sealed = await cipher.seal('frg_segredo', 'integration-token:demo');
    await expect(cipher.open(sealed, 'integration-token:verde')).rejects.toBeInstanceOf(
      UnreadableSecretError,
    );
    const other = cipherWith(async () => 'another-key-material-0123456789-abcdefghijklmnopq');
    await expect(other.open(sealed, 'integration-token:demo')).rejects.toBeInstanceOf(UnreadableSecretError);
    const [v, id, iv, body] = sealed.split('.');
    const flipped = `${body!.slice(0, -2)}${body!.endsWith('AA') ? 'AB' : 'AA'}`;
    await expect(
      cipher.open([v, id, iv, flipped].join('.'), 'integration-token:demo'),
    ).rejects.toBeInstanceOf(UnreadableSecretError);
    await expect(cipher.open('texto-qualquer', 'integration-token:demo')).rejects.toBeInstanceOf(
      UnreadableSecretError,
    );
  });

  it('loads the key once, and again after a failed load', async () => {
    const source = vi.fn().mockRejectedValueOnce(new Error('rede indisponível')).mockImplementation(material);
    const cipher = cipherWith(source);
    await expect(cipher.seal('x', 'c')).rejects.toThrow('rede indisponível');
    const sealed = await cipher.seal('x', 'c');
    expect(await cipher.open(sealed, 'c')).toBe('x');
    expect(source).toHaveBeenCalledTimes(2);
  });

  it('refuses key material too short to be a key', async () => {
    await expect(cipherWith(async () => 'curta').seal('x', 'c')).rejects.toThrow('too short');
  });
});

describe('local key file', () => {
  const saved = { key: process.env.FREGUESIA_SECRETS_KEY, dir: process.env.FREGUESIA_DATA_DIR };
  afterEach(() => {
    process.env.FREGUESIA_SECRETS_KEY = saved.key;
    if (saved.key === undefined) delete process.env.FREGUESIA_SECRETS_KEY;
    vi.resetModules();
  });

  it('is created on first use under the data folder, owner-only, and kept afterwards', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'freguesia-key-'));
    try {
      delete process.env.FREGUESIA_SECRETS_KEY;
      vi.resetModules();
      vi.doMock('../config', () => ({ config: { ...config, dataDir: dir } }));
      const { localKeyMaterial } = await import('./local/secrets-key-file');
      const first = await localKeyMaterial();
      expect(first.length).toBeGreaterThanOrEqual(32);
      const file = join(dir, 'secrets.key');
      expect(readFileSync(file, 'utf8')).toBe(first);
      expect(statSync(file).mode & 0o077).toBe(0);
      expect(await localKeyMaterial()).toBe(first);
    } finally {
      vi.doUnmock('../config');
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('takes the test key from FREGUESIA_SECRETS_KEY', async () => {
    process.env.FREGUESIA_SECRETS_KEY = 'fixed-test-key-0123456789-abcdefghijklmnopqrstu';
    const { localKeyMaterial } = await import('./local/secrets-key-file');
    expect(await localKeyMaterial()).toBe('fixed-test-key-0123456789-abcdefghijklmnopqrstu');
  });
});
