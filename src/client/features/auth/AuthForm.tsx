import { useEffect, useState, type FormEvent } from 'react';
import { departments, roleLabels, roles, type Role } from '../../../shared/enums.ts';
import { Button } from '../../components/ui/Button.tsx';
import { Field, Input, Select } from '../../components/ui/Field.tsx';
import { fieldErrors } from '../../lib/validation.ts';
import { onFirstInteraction } from '../../lib/on-first-interaction.ts';
import { PasswordInput } from './PasswordInput.tsx';
import type { AuthRequest } from './sign-in.ts';

type Mode = AuthRequest['mode'];

const emptyForm = { name: '', email: '', password: '', role: 'operator' as Role, department: '', phone: '' };
type FormValues = typeof emptyForm;

const roleOptions = roles.map((role) => ({ value: role, label: roleLabels[role] }));

const loadSchemas = () => import('../../../shared/schemas/user.ts');

/** The values as the shared schema reads them, or the first error of each field. */
async function check(mode: Mode, values: FormValues): Promise<AuthRequest | { errors: Record<string, string> }> {
  const { loginBody, registerBody } = await loadSchemas();
  if (mode === 'signup') {
    const parsed = registerBody.safeParse(values);
    return parsed.success ? { mode, body: parsed.data } : { errors: fieldErrors(parsed.error) };
  }
  const parsed = loginBody.safeParse(values);
  return parsed.success ? { mode, body: parsed.data } : { errors: fieldErrors(parsed.error) };
}

/**
 * One form that toggles between sign in and sign up (spec section 2). The shared schemas that check
 * its values (zod) load when the person first turns to the form, not with the screen.
 */
export function AuthForm({ onSubmit }: { onSubmit: (request: AuthRequest) => Promise<unknown> }) {
  const [mode, setMode] = useState<Mode>('signin');
  const [values, setValues] = useState<FormValues>(emptyForm);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [isSubmitting, setSubmitting] = useState(false);
  const isSignUp = mode === 'signup';
  useEffect(() => onFirstInteraction(() => void loadSchemas()), []);

  const bind = (name: keyof FormValues) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => {
      const { value } = event.target;
      setValues((current) => ({ ...current, [name]: value }));
      setErrors(({ [name]: _, ...rest }) => rest);
    },
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitting(true);
    try {
      const checked = await check(mode, values);
      if ('errors' in checked) setErrors(checked.errors);
      else await onSubmit(checked);
    } finally {
      setSubmitting(false);
    }
  };

  const toggleMode = () => {
    setMode(isSignUp ? 'signin' : 'signup');
    setErrors({});
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
      <h2 className="text-lg font-semibold text-slate-900">
        {isSignUp ? 'Create your account' : 'Sign in to your account'}
      </h2>
      {isSignUp && (
        <Field label="Full Name" error={errors.name} required>
          <Input {...bind('name')} autoComplete="name" />
        </Field>
      )}
      <Field label="Email" error={errors.email} required>
        <Input {...bind('email')} type="email" autoComplete={isSignUp ? 'email' : 'username'} inputMode="email" />
      </Field>
      <Field label="Password" error={errors.password} required>
        <PasswordInput {...bind('password')} autoComplete={isSignUp ? 'new-password' : 'current-password'} />
      </Field>
      {isSignUp && (
        <>
          <Field label="Role" error={errors.role} required>
            <Select {...bind('role')} options={roleOptions} />
          </Field>
          <Field label="Department" error={errors.department} required>
            <Select {...bind('department')} options={departments} placeholder="Select department" />
          </Field>
          <Field label="Phone Number" error={errors.phone}>
            <Input {...bind('phone')} type="tel" autoComplete="tel" />
          </Field>
        </>
      )}
      <Button type="submit" loading={isSubmitting} className="w-full">
        {isSubmitting ? 'Please wait...' : isSignUp ? 'Sign Up' : 'Sign In'}
      </Button>
      <p className="text-center text-sm text-slate-600">
        {isSignUp ? 'Already have an account?' : "Don't have an account?"}{' '}
        <button
          type="button"
          onClick={toggleMode}
          className="inline-flex min-h-11 items-center px-1 font-semibold text-brand-700 underline-offset-2 hover:underline"
        >
          {isSignUp ? 'Sign in' : 'Sign up'}
        </button>
      </p>
    </form>
  );
}
