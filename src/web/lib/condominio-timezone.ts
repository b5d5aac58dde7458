import { useQuery } from "@tanstack/react-query";
import { condominioOptions } from "./lookups.queries";

/**
 * The timezone of a condominium by id, from the cached condominium lookup: for screens whose rows are
 * all of one condominium but do not carry its zone (a unit's requests, a gate's validations). Until
 * it loads, or for a role that cannot read condominiums, undefined: the browser's zone.
 */
export function useCondominioTimeZone(condominioId: string | undefined): string | undefined {
  const condominios = useQuery({ ...condominioOptions(), enabled: !!condominioId });
  return condominios.data?.find((c) => c.id === condominioId)?.timezone;
}
