// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Lang } from '../../../contract/lang.ts';
import { LabelledField } from './labelled-field.tsx';
import { LanguageTabs } from './language-tabs.tsx';

afterEach(cleanup);

function Tabs({ flagged }: { flagged: Lang[] }) {
  const [tab, setTab] = useState<Lang>('ru');
  return (
    <LanguageTabs
      idPrefix="t"
      label="Язык текстов"
      tab={tab}
      onTab={setTab}
      tabLabel={(l) => l.toUpperCase()}
      flagged={(l) => flagged.includes(l)}
      panel={(l) => <p>текст {l}</p>}
    />
  );
}

describe('LanguageTabs', () => {
  it('shows one panel, moves with the arrow keys round the ends and marks a language with an error', () => {
    render(<Tabs flagged={['kz']} />);
    expect(screen.getByRole('tablist', { name: 'Язык текстов' })).toBeTruthy();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['RU', 'EN', 'KZ ⚠', 'CH']);
    expect(screen.getByRole('tabpanel').textContent).toBe('текст ru');
    fireEvent.keyDown(screen.getByRole('tab', { name: 'RU' }), { key: 'ArrowLeft' });
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('CH');
    expect(document.activeElement?.textContent).toBe('CH');
    fireEvent.keyDown(screen.getByRole('tab', { name: 'CH' }), { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('RU');
    expect(screen.getByRole('tabpanel', { name: 'RU' }).textContent).toBe('текст ru');
  });
});

describe('LabelledField', () => {
  it('ties the hint and the error to the control and marks it invalid only with an error', () => {
    const { rerender } = render(
      <LabelledField id="f" label="Код" hint="Буквы и цифры">
        <input />
      </LabelledField>,
    );
    const input = screen.getByLabelText('Код');
    expect(input.getAttribute('aria-describedby')).toBe('f-hint');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    rerender(
      <LabelledField id="f" label="Код" hint="Буквы и цифры" error="Такой код уже есть">
        <input />
      </LabelledField>,
    );
    expect(input.getAttribute('aria-describedby')).toBe('f-hint f-error');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById('f-error')?.textContent).toBe('Такой код уже есть');
  });
});
