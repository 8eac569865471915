import { useState, type FormEvent } from 'react';
import { departments, roleLabels, roles, type Role } from '../../../shared/enums.ts';
import { loginBody, registerBody } from '../../../shared/schemas/user.ts';
import { Button } from '../../components/ui/Button.tsx';
import { Field, Input, Select } from '../../components/ui/Field.tsx';
import { fieldErrors } from '../../lib/validation.ts';
import { PasswordInput } from './PasswordInput.tsx';
import { useLogin, useRegister } from './use-auth-mutations.ts';

type Mode = 'signin' | 'signup';

const emptyForm = { name: '', email: '', password: '', role: 'operator' as Role, department: '', phone: '' };
type FormValues = typeof emptyForm;

const roleOptions = roles.map((role) => ({ value: role, label: roleLabels[role] }));

/** One form that toggles between sign in and sign up (spec section 2). */
export function AuthForm() {
  const [mode, setMode] = useState<Mode>('signin');
  const [values, setValues] = useState<FormValues>(emptyForm);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const login = useLogin();
  const register = useRegister();
  const isSubmitting = login.isPending || register.isPending;
  const isSignUp = mode === 'signup';

  const bind = (name: keyof FormValues) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => {
      const { value } = event.target;
      setValues((current) => ({ ...current, [name]: value }));
      setErrors(({ [name]: _, ...rest }) => rest);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isSignUp) {
      const parsed = registerBody.safeParse(values);
      if (parsed.success) register.mutate(parsed.data);
      else setErrors(fieldErrors(parsed.error));
    } else {
      const parsed = loginBody.safeParse(values);
      if (parsed.success) login.mutate(parsed.data);
      else setErrors(fieldErrors(parsed.error));
    }
  };

  const toggleMode = () => {
    setMode(isSignUp ? 'signin' : 'signup');
    setErrors({});
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
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
