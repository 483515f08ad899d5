import { createContext, useContext } from 'react';

/** A business error as the modal shows it: the server's errorCode and errorText (empty text = the catalog's). */
export type ModalError = { code: string; text: string };

/**
 * What was being done when the error came, for the title: 'createOrder' titles it 'Ошибка (#code)
 * при создании заказа!'; without one the title is 'Ошибка (#code)'.
 */
export type ModalErrorContext = 'createOrder';

export type ModalMessage =
  { kind: 'error'; code: string; text: string; context?: ModalErrorContext } | { kind: 'warning' | 'info'; text: string };

export type ModalApi = {
  /**
   * 'Ошибка (#code)' with the error's text, or the context's title ('Ошибка (#code) при создании
   * заказа!'); anything that is not an ApiError shows as -9999.
   */
  error: (error: unknown, context?: ModalErrorContext) => void;
  /** 'Предупреждение' with the given (already translated) text. */
  warning: (text: string) => void;
  /** 'Информация' with the given (already translated) text. */
  info: (text: string) => void;
};

export const ModalContext = createContext<ModalApi | null>(null);

/** Opens the app-wide modal for errors, warnings and information. */
export function useModal(): ModalApi {
  const api = useContext(ModalContext);
  if (!api) throw new Error('useModal needs a ModalProvider above it');
  return api;
}
