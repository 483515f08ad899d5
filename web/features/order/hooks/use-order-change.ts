import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useModal } from '../../../components/modal/modal-context.ts';

/**
 * A change of the order (offer, discount): while it runs the caller disables its control; any
 * success reloads the order (spec section 4), and an error opens the modal and reloads too.
 */
export function useOrderChange<TArgs, TResult>(hash: string, run: (args: TArgs) => Promise<TResult>, options: { silentError?: boolean } = {}) {
  const queryClient = useQueryClient();
  const modal = useModal();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['order', hash] }),
    onError: (error) => {
      if (!options.silentError) modal.error(error);
      return queryClient.invalidateQueries({ queryKey: ['order', hash] });
    },
  });
}
