import { describe, expect, it } from 'vitest';
import { archivedCampaignText, archivedListPath, archivedViewPath, isArchivedPath } from './archived-model';

describe("a deleted campaign's own view", () => {
  it('opens each kind at its own read-only address, and goes back to its Excluídas', () => {
    expect(archivedViewPath('T', 12)).toBe('/campaign/tickets/archived/12');
    expect(archivedViewPath('L', 7)).toBe('/campaign/lucky/archived/7');
    expect(archivedViewPath('TV', 3)).toBe('/campaign/tv/archived/3');
    expect(archivedListPath('T')).toBe('/campaign/tickets?excluidas=1');
    expect(archivedListPath('TV')).toBe('/campaign/tv?excluidas=1');
  });

  it('tells an archived address from the editor and details ones', () => {
    expect(isArchivedPath('/campaign/tickets/archived/12')).toBe(true);
    expect(isArchivedPath('/campaign/lucky/archived/7')).toBe(true);
    expect(isArchivedPath('/campaign/tickets/edit/12')).toBe(false);
    expect(isArchivedPath('/campaign/lucky/details/7')).toBe(false);
    expect(isArchivedPath('/campaign/tv/new')).toBe(false);
  });

  it('says when it was deleted, in the business time zone', () => {
    expect(archivedCampaignText('2030-03-11T13:05:00.000Z')).toMatch(/^Excluída em 11\/03\/2030 10:05\. /);
    expect(archivedCampaignText(undefined)).toMatch(/^Excluída em -\. /);
  });
});
