import type { HealthReport } from '@hostdeck/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

export function useHealth() {
  return useQuery({
    queryKey: ['admin-health'],
    queryFn: () => api<HealthReport>('/api/admin/health'),
    // Checks reach outside services: run them when asked (refresh), not on every focus.
    refetchOnWindowFocus: false,
  });
}
