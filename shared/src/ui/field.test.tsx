import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PasswordField, SelectField, TextAreaField, TextField } from './field';

describe('TextField', () => {
  it('labels the input and passes input props through', async () => {
    const onChange = jest.fn();
    render(<TextField label="Farm name" name="name" placeholder="e.g. Kilimo" onChange={onChange} required />);
    const input = screen.getByRole('textbox', { name: /Farm name/ });
    expect(input).toHaveAttribute('name', 'name');
    expect(input).toBeRequired();
    expect(input).not.toHaveAttribute('aria-invalid');
    await userEvent.type(input, 'Ok');
    expect(onChange).toHaveBeenCalledTimes(2);
  });

  it('shows the error under the input, marks it invalid and describes it', () => {
    render(<TextField label="Email" hint="We never share it" error="Email is required" aria-describedby="extra" />);
    const input = screen.getByLabelText('Email');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Email is required We never share it');
    expect(input.getAttribute('aria-describedby')).toContain('extra');
    expect(screen.getByText('Email is required')).toHaveClass('text-red-700');
  });

  it('drops the error when it is cleared', () => {
    const { rerender } = render(<TextField label="Email" error="Email is required" />);
    rerender(<TextField label="Email" error="" />);
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Email is required')).not.toBeInTheDocument();
  });

  it('uses a given id and can hide the label visually', () => {
    render(<TextField id="search" label="Search farms" hideLabel />);
    const input = screen.getByLabelText('Search farms');
    expect(input).toHaveAttribute('id', 'search');
    expect(screen.getByText('Search farms')).toHaveClass('sr-only');
  });
});

describe('PasswordField', () => {
  it('toggles between hidden and shown', async () => {
    render(<PasswordField label="Password" autoComplete="current-password" />);
    const input = screen.getByLabelText('Password');
    expect(input).toHaveAttribute('type', 'password');

    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input).toHaveAttribute('type', 'text');

    await userEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Show password' })).toHaveAttribute('type', 'button');
  });

  it('wires its error like a text field', () => {
    render(<PasswordField label="Confirm password" error="Passwords do not match" />);
    const input = screen.getByLabelText('Confirm password');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Passwords do not match');
  });
});

describe('SelectField', () => {
  it('renders the options and reports changes', async () => {
    const onChange = jest.fn();
    render(
      <SelectField
        label="Unit"
        placeholder="Choose a unit"
        options={[
          { value: 'hectares', label: 'Hectares' },
          { value: 'acres', label: 'Acres' },
        ]}
        onChange={(e) => onChange(e.target.value)}
        error="Choose a unit"
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Unit' });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Choose a unit', 'Hectares', 'Acres']);
    expect(select).toHaveAttribute('aria-invalid', 'true');
    await userEvent.selectOptions(select, 'acres');
    expect(onChange).toHaveBeenCalledWith('acres');
  });
});

describe('TextAreaField', () => {
  it('labels the textarea and shows a hint', () => {
    render(<TextAreaField label="Description" hint="Optional" />);
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveAccessibleDescription('Optional');
  });
});
