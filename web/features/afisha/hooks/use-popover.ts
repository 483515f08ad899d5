import { useCallback, useEffect, useId, useRef, useState } from 'react';

/**
 * A disclosure panel next to its button: Escape or a click outside closes it and gives focus
 * back to the button.
 */
export function usePopover<T extends HTMLElement = HTMLDivElement>() {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<T>(null);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback((refocus = true) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    const onPointer = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) close(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open, close]);

  return {
    open,
    root,
    close,
    buttonProps: { ref: button, 'aria-expanded': open, 'aria-controls': id, onClick: () => setOpen((o) => !o) },
    panelProps: { id, hidden: !open },
  };
}
