// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useModalDialog } from './use-modal-dialog.ts';

afterEach(cleanup);

// The labels below are test scaffolding, not UI text.
function Dialog() {
  const ref = useModalDialog();
  return (
    <dialog ref={ref} aria-label="dialog">
      <button type="button">inside</button>
    </dialog>
  );
}

/** A page with a heading and an opener; `change` is applied to the opener while the dialog is open. */
function Page({ change }: { change: 'none' | 'remove' | 'disable' }) {
  const [open, setOpen] = useState(false);
  const [changed, setChanged] = useState(false);
  return (
    <main tabIndex={-1}>
      <h1>heading</h1>
      {!(changed && change === 'remove') && (
        <button type="button" disabled={changed && change === 'disable'} onClick={() => setOpen(true)}>
          opener
        </button>
      )}
      {open && <Dialog />}
      <button type="button" onClick={() => setOpen(false)}>
        close
      </button>
      <button type="button" onClick={() => setChanged(true)}>
        change
      </button>
    </main>
  );
}

describe('useModalDialog', () => {
  it.each([
    { description: 'returns focus to the element that opened the dialog', change: 'none' as const, focused: 'opener' },
    { description: 'focuses the main heading when that element is gone', change: 'remove' as const, focused: 'heading' },
    { description: 'focuses the main heading when that element is disabled', change: 'disable' as const, focused: 'heading' },
  ])('$description', ({ change, focused }) => {
    render(<Page change={change} />);
    const opener = screen.getByRole('button', { name: 'opener' });
    opener.focus();
    act(() => opener.click());
    const dialog = screen.getByRole('dialog', { name: 'dialog', hidden: true });
    expect(dialog.hasAttribute('open')).toBe(true);
    screen.getByRole('button', { name: 'inside', hidden: true }).focus();

    act(() => screen.getByRole('button', { name: 'change' }).click());
    act(() => screen.getByRole('button', { name: 'close' }).click());
    expect(screen.queryByRole('dialog', { hidden: true })).toBeNull();
    expect(document.activeElement).toBe(
      focused === 'opener' ? screen.getByRole('button', { name: 'opener' }) : screen.getByRole('heading', { level: 1 }),
    );
  });
});
