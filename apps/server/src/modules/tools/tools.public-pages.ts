import { LATEST_TAX_YEAR, rulesForYear } from '@app/contracts/tools/rules/index';
import { TOOLS } from '@app/contracts/tools/tools.catalog';
import type { DbOrTx } from '../../db/client';
import type { PublicPages } from '../../lib/public-pages';

/**
 * Read port for server-rendered page metadata and sitemap.xml: the tool pages /financeTool/toolInfo/{id}. The tools
 * are code and rules data, not rows, so the database is not read; a tool page changes when the rules file does.
 */
export function toolsPublicPages(_db: DbOrTx): PublicPages {
  const updatedAt = new Date(`${rulesForYear(LATEST_TAX_YEAR)!.checkedOn}T00:00:00+08:00`);
  return {
    pattern: '/financeTool/toolInfo/:id',
    async meta({ id }) {
      const tool = TOOLS.find((t) => t.id === id);
      return tool ? { title: tool.name, description: tool.summary } : null;
    },
    async sitemap() {
      return [
        { path: '/financeTool', updatedAt },
        { path: '/toolpage', updatedAt },
        ...TOOLS.map((t) => ({ path: `/financeTool/toolInfo/${t.id}`, updatedAt })),
      ];
    },
  };
}
