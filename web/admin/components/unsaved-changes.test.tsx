// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerLeave, hasUnsavedChanges, leaveSaved, requestLeave, useUnsavedChanges } from './unsaved-changes.ts';

function Editor({ dirty, holds }: { dirty: boolean; holds?: () => boolean }) {
  useUnsavedChanges(dirty, holds);
  return null;
}

afterEach(() => {
  answerLeave(false);
  cleanup();
});

describe('the unsaved-changes guard', () => {
  it('leaves at once when no editor holds changes', () => {
    render(<Editor dirty={false} />);
    const leave = vi.fn();
    requestLeave(leave);
    expect(leave).toHaveBeenCalledOnce();
  });

  it('holds the way out while an editor is dirty, and runs it only when the member says leave', () => {
    const view = render(<Editor dirty />);
    expect(hasUnsavedChanges()).toBe(true);
    const leave = vi.fn();
    requestLeave(leave);
    expect(leave).not.toHaveBeenCalled();
    act(() => answerLeave(false));
    expect(leave).not.toHaveBeenCalled();
    requestLeave(leave);
    act(() => answerLeave(true));
    expect(leave).toHaveBeenCalledOnce();
    view.unmount();
    expect(hasUnsavedChanges()).toBe(false);
  });

  it('asks the browser before unloading only while dirty', () => {
    const view = render(<Editor dirty />);
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    view.rerender(<Editor dirty={false} />);
    const after = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(after);
    expect(after.defaultPrevented).toBe(false);
  });

  it('keeps asking the browser while a second editor is still dirty', () => {
    const first = render(<Editor dirty />);
    render(<Editor dirty />);
    first.unmount();
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
  });

  it('lets a save leave without asking, and ignores an editor whose form is gone', () => {
    const view = render(<Editor dirty holds={() => false} />);
    expect(hasUnsavedChanges()).toBe(false);
    view.rerender(<Editor dirty />);
    const leave = vi.fn();
    leaveSaved(() => requestLeave(leave));
    expect(leave).toHaveBeenCalledOnce();
  });
});
