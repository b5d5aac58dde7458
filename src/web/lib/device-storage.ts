/**
 * What this device remembers between visits (localStorage): the condominium a Portaria tablet works
 * at, the one a dashboard shows. Per tenant, so a device used for two administradoras keeps one
 * choice for each. Storage may be blocked (private mode, a policy): then nothing is remembered and
 * nothing fails; the screen keeps the choice for this visit.
 */

/** The key of one screen's remembered condominium in one tenant: "guarita.portaria.condominio.<org>". */
export function condominioChoiceKey(screen: string, organizationId: string): string {
  return `guarita.${screen}.condominio.${organizationId}`;
}

export function readDeviceValue(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Remembers `value`, or forgets the key with null. */
export function storeDeviceValue(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Not remembered across reloads; this visit still uses the choice.
  }
}
