import { type MutateOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useModal } from '../../../components/modal/modal-context.ts';

/**
 * A change of the order (offer, discount): while it runs the caller disables its control; any
 * success reloads the order, and an error opens the modal and reloads too.
 * A second `mutate` before the first has settled (the order reloaded) is ignored: a double click
 * comes before the disabled control is drawn, and would add an offer twice or remove one twice.
 */
export function useOrderChange<TArgs, TResult>(
  hash: string,
  run: (args: TArgs) => Promise<TResult>,
  options: { silentError?: boolean } = {},
) {
  const queryClient = useQueryClient();
  const modal = useModal();
  const underWay = useRef(false);
  const mutation = useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['order', hash] }),
    onError: (error) => {
      if (!options.silentError) modal.error(error);
      return queryClient.invalidateQueries({ queryKey: ['order', hash] });
    },
    onSettled: () => {
      underWay.current = false;
    },
  });
  return {
    isPending: mutation.isPending,
    mutate: (args: TArgs, callbacks?: MutateOptions<TResult, Error, TArgs>) => {
      if (underWay.current) return;
      underWay.current = true;
      mutation.mutate(args, callbacks);
    },
  };
}
