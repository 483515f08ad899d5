// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type PhoneCountry, defaultCountry, findCountry } from './phone-countries.ts';
import { PhoneInput, loadPhoneRules } from './phone-input.tsx';

afterEach(cleanup);
beforeAll(async () => {
  await loadPhoneRules();
});

function Field({ initial = defaultCountry('RUB') }: { initial?: PhoneCountry }) {
  const [country, setCountry] = useState(initial);
  const [value, setValue] = useState('');
  return (
    <>
      <PhoneInput
        id="phone"
        label="Phone"
        country={country}
        value={value}
        error={undefined}
        errorId="phone-error"
        onCountry={setCountry}
        onChange={setValue}
      />
      <output data-testid="country">{country.iso}</output>
    </>
  );
}

describe('PhoneInput', () => {
  it.each([
    { country: 'RU', typed: '+7 900 000-00-00', shown: '+7 900 000 00 00' },
    { country: 'RU', typed: '8 900 000 00 00', shown: '8 (900) 000-00-00' },
    { country: 'RU', typed: '9000000000', shown: '900 000-00-00' },
    { country: 'KZ', typed: '87001234567', shown: '8 (700) 123 4567' },
    { country: 'US', typed: '2125550100', shown: '(212) 555-0100' },
  ])('masks "$typed" typed beside $country as "$shown"', async ({ country, typed, shown }) => {
    render(<Field initial={findCountry(country)} />);
    const input = screen.getByLabelText<HTMLInputElement>('Phone');
    // The rules load on mount (already cached here); wait until the mask applies to a first key.
    await userEvent.type(input, typed);
    await waitFor(() => expect(input.value).toBe(shown));
  });

  it('drops letters and keeps one leading plus', async () => {
    render(<Field />);
    const input = screen.getByLabelText<HTMLInputElement>('Phone');
    await userEvent.type(input, '+7a+900');
    expect(input.value).toBe('+7 900');
  });
});
