import { getBrandTextColor } from '@rally/shared';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import type { SettingsFormValues } from '../utils/settings-form';
import { ColorField } from './color-field';

function Form({ primary, children }: { primary: string; children: ReactNode }) {
  const form = useForm<SettingsFormValues>({
    defaultValues: { primary_color: primary, secondary_color: '#1E3A8A' } as SettingsFormValues,
  });
  return <FormProvider {...form}>{children}</FormProvider>;
}

const renderField = (primary: string) =>
  render(
    <Form primary={primary}>
      <ColorField name="primary_color" label="Primary colour" />
    </Form>,
  );

describe('ColorField contrast report', () => {
  it('warns with the ratio when the colour is too light for text on white, and names the variant used', () => {
    renderField('#6BF15C');
    const warning = screen.getByRole('status');
    expect(warning).toHaveTextContent('Contrast 1.46:1 on white — below 4.5:1.');
    expect(warning).toHaveTextContent(`Text will use ${getBrandTextColor('#6BF15C')}.`);
    expect(screen.getByTestId('accessible-variant')).toHaveStyle({
      backgroundColor: getBrandTextColor('#6BF15C'),
    });
  });

  it('never rounds a ratio just below 4.5:1 up to it', () => {
    renderField('#777777');
    expect(screen.getByRole('status')).toHaveTextContent('Contrast 4.47:1 on white — below 4.5:1.');
  });

  it('says nothing for a colour dark enough, and follows the typed value', async () => {
    const user = userEvent.setup();
    renderField('#1E3A8A');
    expect(screen.queryByRole('status')).toBeNull();
    const input = screen.getByLabelText('Primary colour', { exact: true });
    await user.clear(input);
    await user.type(input, '#FDE047');
    expect(await screen.findByRole('status')).toHaveTextContent(
      /^Contrast 1\.\d\d:1 on white — below 4\.5:1\./,
    );
  });
});
