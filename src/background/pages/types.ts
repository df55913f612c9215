/** The second method table: what the wallet's own pages may ask, each with its params schema. */
import type { PageMethod, PageParams, PageResult } from '../../shared/pages';
import type { Services } from '../services';

export interface PageContext {
  services: Services;
  /** Locks the wallet now (the page's Lock button, or auto-lock). */
  lock(): Promise<void>;
}

export interface PageEntry<M extends PageMethod> {
  parse(params: unknown): PageParams<M>;
  handle(params: PageParams<M>, ctx: PageContext): Promise<PageResult<M>>;
  /** What the pages poll while open: reading is not the user acting, so it must not hold off auto-lock. */
  read?: true;
}

export type PageTable = { [M in PageMethod]: PageEntry<M> };

/** One family's entries (a file of this folder), spread into the table in methods.ts. */
export type PageFamily = Partial<PageTable>;
