import { useEffect, useState, type FormEvent } from 'react';
import { departments, roleLabels, roles, type Role } from '#shared/enums.ts';
import { Button } from '#client/components/ui/Button.tsx';
import { Field, Input, Select } from '#client/components/ui/Field.tsx';
import { fieldErrors } from '#client/lib/validation.ts';
import { onFirstInteraction } from '#client/lib/on-first-interaction.ts';
import { PasswordInput } from './PasswordInput.tsx';
import type { AuthRequest } from './sign-in.ts';

type Mode = AuthRequest['mode'];

const emptyForm = { name: '', email: '', password: '', role: 'operator' as Role, department: '', phone: '', code: '' };
type FormValues = typeof emptyForm;

const roleOptions = roles.map((role) => ({ value: role, label: roleLabels[role] }));

const loadSchemas = () => import('#shared/schemas/user.ts');

/** The values as the shared schema reads them, or the first error of each field. */
async function check(mode: Mode, values: FormValues): Promise<AuthRequest | { errors: Record<string, string> }> {
  const { loginBody, registerBody, resetPasswordBody } = await loadSchemas();
  if (mode === 'signup') {
    const parsed = registerBody.safeParse(values);
    return parsed.success ? { mode, body: parsed.data } : { errors: fieldErrors(parsed.error) };
  }
  if (mode === 'reset') {
    const parsed = resetPasswordBody.safeParse(values);
    return parsed.success ? { mode, body: parsed.data } : { errors: fieldErrors(parsed.error) };
  }
  const parsed = loginBody.safeParse(values);
  return parsed.success ? { mode, body: parsed.data } : { errors: fieldErrors(parsed.error) };
}

/**
 * What the form says when a submit could not run at all: the code that checks the form or signs in
 * did not load (the network dropped on a first visit, before the app was stored for offline use).
 * Answers from the server are the caller's to show.
 */
const notLoadedMessage = 'The app could not load. Check the connection and try again.';

const headings: Record<Mode, string> = {
  signin: 'Sign in to your account',
  signup: 'Create your account',
  reset: 'Set a new password',
};
const submitLabels: Record<Mode, string> = { signin: 'Sign In', signup: 'Sign Up', reset: 'Set Password' };

/**
 * One form that toggles between sign in and sign up (spec section 2), and sets a new password with a
 * reset code an admin gave. The shared schemas that check its values (zod) load when the person first
 * turns to the form, not with the screen.
 */
export function AuthForm({ onSubmit }: { onSubmit: (request: AuthRequest) => Promise<unknown> }) {
  const [mode, setMode] = useState<Mode>('signin');
  const [values, setValues] = useState<FormValues>(emptyForm);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [isSubmitting, setSubmitting] = useState(false);
  const [notLoaded, setNotLoaded] = useState(false);
  const isSignUp = mode === 'signup';
  const isReset = mode === 'reset';
  // A failed load is tried again on submit, which says so if it fails again.
  useEffect(() => onFirstInteraction(() => void loadSchemas().catch(() => {})), []);

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
    setNotLoaded(false);
    try {
      const checked = await check(mode, values);
      if ('errors' in checked) setErrors(checked.errors);
      else await onSubmit(checked);
    } catch {
      setNotLoaded(true);
    } finally {
      setSubmitting(false);
    }
  };

  const switchTo = (next: Mode) => {
    setMode(next);
    setErrors({});
    setNotLoaded(false);
  };
  const linkClasses =
    'inline-flex min-h-11 items-center px-1 font-semibold text-brand-700 underline-offset-2 hover:underline';

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
      <h2 className="text-lg font-semibold text-slate-900">{headings[mode]}</h2>
      {isReset && (
        <p className="text-sm text-slate-600">Ask an admin for a reset code, then choose your new password here.</p>
      )}
      {isSignUp && (
        <Field label="Full Name" error={errors.name} required>
          <Input {...bind('name')} autoComplete="name" />
        </Field>
      )}
      <Field label="Email" error={errors.email} required>
        <Input {...bind('email')} type="email" autoComplete={isSignUp ? 'email' : 'username'} inputMode="email" />
      </Field>
      {isReset && (
        <Field label="Reset code" error={errors.code} required>
          <Input {...bind('code')} autoComplete="one-time-code" autoCapitalize="characters" />
        </Field>
      )}
      <Field label={isReset ? 'New password' : 'Password'} error={errors.password} required>
        <PasswordInput {...bind('password')} autoComplete={mode === 'signin' ? 'current-password' : 'new-password'} />
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
      {notLoaded && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {notLoadedMessage}
        </p>
      )}
      <Button type="submit" loading={isSubmitting} className="w-full">
        {isSubmitting ? 'Please wait...' : submitLabels[mode]}
      </Button>
      <p className="text-center text-sm text-slate-600">
        {isSignUp ? 'Already have an account?' : "Don't have an account?"}{' '}
        <button type="button" onClick={() => switchTo(isSignUp ? 'signin' : 'signup')} className={linkClasses}>
          {isSignUp ? 'Sign in' : 'Sign up'}
        </button>
      </p>
      {!isSignUp && (
        <p className="-mt-3 text-center text-sm">
          <button type="button" onClick={() => switchTo(isReset ? 'signin' : 'reset')} className={linkClasses}>
            {isReset ? 'Back to sign in' : 'Forgot password?'}
          </button>
        </p>
      )}
    </form>
  );
}
