/**
 * The `sponsor` of a pm_getPaymasterStubData answer (ERC-7677): `{ name, icon? }`, shown on the approval screen. A
 * service's answer is not trusted to have that shape: anything else is refused with the reason, never shown.
 */
export interface Sponsor {
  name: string;
  icon?: string;
}

const MAX_NAME_CHARS = 64;
/** A data: icon is shown from the answer itself; this keeps a batch record small. */
const MAX_ICON_CHARS = 32 * 1024;
const DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp|svg\+xml)(;[^,]*)?,/;

const isHttpsUrl = (value: string): boolean => {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
};

/** The sponsor, absent when the service named none, or why its value is refused. */
export function parseSponsor(value: unknown): { sponsor?: Sponsor } | { refused: string } {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) return { refused: 'sponsor must be an object { name, icon? }' };
  const { name, icon } = value as Record<string, unknown>;
  if (typeof name !== 'string' || name.trim() === '' || [...name].length > MAX_NAME_CHARS) {
    return { refused: `sponsor.name must be a text of 1 to ${MAX_NAME_CHARS} characters` };
  }
  if (icon === undefined) return { sponsor: { name } };
  if (typeof icon !== 'string' || icon.length > MAX_ICON_CHARS || !(DATA_IMAGE.test(icon) || isHttpsUrl(icon))) {
    return { refused: `sponsor.icon must be a data:image URI or an https URL of at most ${MAX_ICON_CHARS} characters` };
  }
  return { sponsor: { name, icon } };
}
