/** The keys of the English catalogues, the ones every other language must have (scripts/catalogues.test.ts). One area per line. */
import type common from './en/common.json';
import type manifest from './en/manifest.json';
import type home from './en/home.json';
import type accounts from './en/accounts.json';
import type onboarding from './en/onboarding.json';
import type send from './en/send.json';
import type collectibles from './en/collectibles.json';
import type settings from './en/settings.json';
import type networks from './en/networks.json';
import type activity from './en/activity.json';
import type approval from './en/approval.json';
import type preview from './en/preview.json';
import type review from './en/review.json';
import type requests from './en/requests.json';
import type ledger from './en/ledger.json';
import type components from './en/components.json';
import type errors from './en/errors.json';
import type grants from './en/grants.json';
import type dangers from './en/dangers.json';
import type clearValues from './en/clearValues.json';

export type MessageKey =
  | keyof typeof common
  | keyof typeof manifest
  | keyof typeof home
  | keyof typeof accounts
  | keyof typeof onboarding
  | keyof typeof send
  | keyof typeof collectibles
  | keyof typeof settings
  | keyof typeof networks
  | keyof typeof activity
  | keyof typeof approval
  | keyof typeof preview
  | keyof typeof review
  | keyof typeof requests
  | keyof typeof ledger
  | keyof typeof components
  | keyof typeof errors
  | keyof typeof grants
  | keyof typeof dangers
  | keyof typeof clearValues;
