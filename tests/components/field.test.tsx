import { render, screen } from '@testing-library/react';
import { Field } from '@/components/forms/Field';

describe('one form field: label, control, hint and error tied together', () => {
  it('names the control by its label and reads out the hint and the error with it', () => {
    render(
      <Field id="pay-pan" label="PAN" hint="Only needed for a tax receipt" error="Please enter a valid PAN">
        {(c) => <input {...c} />}
      </Field>,
    );
    const input = screen.getByLabelText('PAN');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Only needed for a tax receipt Please enter a valid PAN');
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid PAN');
  });

  it('is quiet when all is well', () => {
    render(<Field id="pay-name" label="Full name">{(c) => <input {...c} />}</Field>);
    const input = screen.getByLabelText('Full name');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAttribute('aria-describedby');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
