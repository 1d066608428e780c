import { describe, expect, it } from 'vitest';
import { domainForPath } from '../domains';
import { exportRoutes } from './exports.routes';
import { EXPORT_KINDS } from './kinds.service';

describe('export kinds', () => {
  it('gives every kind a route with its permission, served by the exports domain (not the owner of the shorter prefix)', () => {
    const exportPaths = exportRoutes.filter(
      (r) => r.path !== '/api/web/exports' && r.path !== '/api/web/exports/{id}',
    );
    expect(exportPaths).toHaveLength(Object.keys(EXPORT_KINDS).length);
    expect(exportPaths.map((r) => r.permission)).toEqual(
      Object.values(EXPORT_KINDS).map((k) => k.permission),
    );
    for (const route of exportRoutes)
      expect(domainForPath(route.path.replace('{id}', '1'))?.name, route.path).toBe('exports');
    // The owners keep the rest of their paths.
    expect(domainForPath('/api/web/tag/new')?.name).toBe('segmentation');
    expect(domainForPath('/api/web/leads/export-x')?.name).toBe('segmentation');
    expect(domainForPath('/api/web/campaign/details')?.name).toBe('campaigns');
  });
});
