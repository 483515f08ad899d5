import { type FocusEvent, type KeyboardEvent, useCallback, useEffect, useId, useRef, useState } from 'react';

/** The language and rules dropdowns close 500 ms after the pointer leaves. */
export const DROPDOWN_CLOSE_DELAY_MS = 500;

/**
 * A disclosure dropdown (a button that shows a list of links): opens on click, Enter or Space;
 * closes on Escape (focus back on the button), when focus or a click goes elsewhere, and
 * 500 ms after the mouse leaves unless it comes back. Arrow keys move between the links.
 * `choose` closes it from a link that keeps the visitor on the page (a language): the link is
 * hidden with the list, so focus goes back to the button instead of being lost on <body>.
 */
export function useDropdown() {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const cancelClose = useCallback(() => clearTimeout(closeTimer.current), []);
  const close = useCallback(() => {
    cancelClose();
    setOpen(false);
  }, [cancelClose]);
  const choose = useCallback(() => {
    close();
    buttonRef.current?.focus();
  }, [close]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent | MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) close();
    };
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [open, close]);

  useEffect(() => cancelClose, [cancelClose]);

  const moveFocus = (step: 1 | -1) => {
    const links = [...(rootRef.current?.querySelectorAll<HTMLElement>('[role="list"] a, ul a') ?? [])];
    if (links.length === 0) return;
    const index = links.indexOf(document.activeElement as HTMLElement);
    const next = index === -1 ? (step === 1 ? 0 : links.length - 1) : (index + step + links.length) % links.length;
    links[next]?.focus();
  };

  return {
    open,
    close,
    choose,
    rootProps: {
      ref: rootRef,
      onMouseEnter: cancelClose,
      onMouseLeave: () => {
        if (!open) return;
        cancelClose();
        closeTimer.current = setTimeout(() => setOpen(false), DROPDOWN_CLOSE_DELAY_MS);
      },
      onKeyDown: (event: KeyboardEvent) => {
        if (event.key === 'Escape' && open) {
          event.preventDefault();
          close();
          buttonRef.current?.focus();
        } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
          event.preventDefault();
          if (!open) setOpen(true);
          // The list renders on open; move focus after React has shown it.
          requestAnimationFrame(() => moveFocus(event.key === 'ArrowDown' ? 1 : -1));
        }
      },
      onBlur: (event: FocusEvent) => {
        if (open && event.relatedTarget && !rootRef.current?.contains(event.relatedTarget as Node)) close();
      },
    },
    buttonProps: {
      ref: buttonRef,
      type: 'button' as const,
      'aria-expanded': open,
      'aria-controls': menuId,
      onClick: () => {
        cancelClose();
        setOpen((value) => !value);
      },
    },
    menuProps: { id: menuId, hidden: !open },
  };
}
