/** Permissions' list as grantViews.ts builds it, whose code is in the worker's later script with the grants' code. */
import type { GrantView } from '../../shared/grants';
import { loadLater } from '../loadLater';
import type { Services } from '../services';

export const grantViews = async (services: Services): Promise<GrantView[]> => (await loadLater()).grantViews(services);
