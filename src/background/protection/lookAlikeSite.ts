/** The connect screen's warning about a site whose address imitates a well-known dapp's. */
import { lookAlikeHostReason } from '../../shared/lookAlikeHosts';
import { phishingVerdict, type PhishingLists } from './phishingList';

export function lookAlikeSite(origin: string, lists: PhishingLists): string | undefined {
  let hostname: string;
  try {
    hostname = new URL(origin).hostname;
  } catch {
    return undefined;
  }
  const reason = lookAlikeHostReason(hostname);
  if (reason) return reason;
  const verdict = phishingVerdict(hostname, lists);
  return verdict?.kind === 'resembles' ? `This site’s address resembles ${verdict.target}, a site phishing pages often imitate, but is not it.` : undefined;
}
