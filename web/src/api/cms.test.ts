import { describe, expect, it } from 'vitest';
import { CMS_LARGE_MAX_BYTES, CMS_MAX_BYTES } from '@freguesia/shared/schemas/cms';
import { uploadRoute } from './cms';

describe('CMS upload route', () => {
  it('sends up to 7 MB as base64, larger files by a presigned upload, refuses past 100 MB', () => {
    expect(uploadRoute(1)).toBe('base64');
    expect(uploadRoute(CMS_MAX_BYTES)).toBe('base64');
    expect(uploadRoute(CMS_MAX_BYTES + 1)).toBe('presigned');
    expect(uploadRoute(CMS_LARGE_MAX_BYTES)).toBe('presigned');
    expect(uploadRoute(CMS_LARGE_MAX_BYTES + 1)).toBe('too-large');
  });
});
