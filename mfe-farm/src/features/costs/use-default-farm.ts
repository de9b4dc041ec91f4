import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { can } from '../../lib/permissions';
import { myFarmsQuery } from '../../lib/use-farm-roles';

/**
 * While no farm is chosen (none came from the list's filter), picks the user's first farm by name where
 * they may add costs: most users have one farm, and a cost needs no other place.
 */
export function useDefaultFarm(chosen: string, choose: (farmId: string) => void): void {
  const { data } = useQuery(myFarmsQuery());
  const first = data?.items.find((f) => can(f.myRole, 'manageCosts'))?.id;
  useEffect(() => {
    if (!chosen && first) choose(first);
  }, [chosen, first, choose]);
}
