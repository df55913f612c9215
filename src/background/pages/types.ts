/** The second method table: what the wallet's own pages may ask, each with its params schema. */
import type { PageMethod, PageParams, PageResult } from '../../shared/pages';
import type { Services, Using } from '../services';

/** `K`: the services a family uses. */
export interface PageContext<K extends keyof Services = keyof Services> {
  services: Using<K>;
  /** Locks the wallet now (the page's Lock button, or auto-lock). */
  lock(): Promise<void>;
}

export interface PageEntry<M extends PageMethod, K extends keyof Services = keyof Services> {
  parse(params: unknown): PageParams<M>;
  handle(params: PageParams<M>, ctx: PageContext<K>): Promise<PageResult<M>>;
  /** What the pages poll while open: reading is not the user acting, so it must not hold off auto-lock. */
  read?: true;
}

export type PageTable = { [M in PageMethod]: PageEntry<M> };

/** One family's entries (a file of this folder), spread into the table in methods.ts; `K`: the services it uses. */
export type PageFamily<K extends keyof Services> = { [M in PageMethod]?: PageEntry<M, K> };
