import { useMutation, useQueryClient } from '@tanstack/react-query';

/** A write on a case from one of its cards: once the server took it, the card resets and the case is read again. */
export function useCaseWrite(caseId: string, request: () => Promise<unknown>, onDone?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: async () => {
      onDone?.();
      await queryClient.invalidateQueries({ queryKey: ['case', caseId] });
    },
  });
}
