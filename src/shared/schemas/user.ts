import { z } from 'zod';
import { departments, profileDepartments, roles } from '../enums.ts';
import { idSchema, oneOf, requiredText } from './common.ts';
import { hourlyRateSchema } from './labour.ts';

const email = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .max(254, 'Email must be at most 254 characters')
  .pipe(z.email({ error: 'Email must be a valid email address' }));
const phone = z.string().trim().max(30, 'Phone must be at most 30 characters');

export const user = z.object({
  _id: idSchema,
  name: z.string(),
  email: z.string(),
  role: z.enum(roles),
  department: z.string(),
  phone: z.string(),
  lastLogin: z.string().nullable(),
  createdAt: z.string(),
  /** A role asked for at registration that waits for an admin's approval (src/docs/permissions.md). */
  // Absent in a user a device saved before requests existed.
  requestedRole: z.enum(roles).nullable().default(null),
});
export type User = z.infer<typeof user>;

export const userSummary = user.pick({ _id: true, name: true, role: true, department: true });
export type UserSummary = z.infer<typeof userSummary>;

export const passwordRule = { min: 8, max: 200 } as const;

const newPassword = z
  .string({ error: 'Password is required' })
  .min(passwordRule.min, `Password must be at least ${passwordRule.min} characters`)
  .max(passwordRule.max, `Password must be at most ${passwordRule.max} characters`);

export const registerBody = z.object({
  name: requiredText('Full name', 100),
  email,
  password: newPassword,
  role: oneOf('Role', roles),
  department: oneOf('Department', departments),
  phone: phone.default(''),
});
export type RegisterBody = z.input<typeof registerBody>;

export const loginBody = z.object({
  email: requiredText('Email', 254).toLowerCase(),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(passwordRule.max),
});
export type LoginBody = z.infer<typeof loginBody>;

export const profileBody = z
  .object({
    name: requiredText('Full name', 100),
    email,
    phone,
    department: oneOf('Department', profileDepartments),
  })
  .partial();
export type ProfileBody = z.infer<typeof profileBody>;

export const authResponse = z.object({ token: z.string(), user });
export type AuthResponse = z.infer<typeof authResponse>;

/** `GET /api/auth/me` and `PUT /api/auth/profile` answer as the original server did. */
export const meResponse = z.object({ user });
export const profileResponse = z.object({ message: z.string(), user });

/** A user as the Users screen shows it to an admin. */
export const managedUser = user.extend({
  active: z.boolean(),
  version: z.number().int(),
  /** What an hour of their work costs; null: the plant's default (src/docs/costs.md). */
  hourlyRate: z.number().nullable(),
});
export type ManagedUser = z.infer<typeof managedUser>;

export const userListQuery = z.object({
  search: z.string().trim().max(100, 'Search must be at most 100 characters').optional(),
});

/** What an admin changes of a user: role, department, and whether the account may sign in. */
export const userUpdate = z
  .object({
    role: oneOf('Role', roles),
    department: oneOf('Department', profileDepartments),
    active: z.boolean({ error: 'active must be true or false' }),
    hourlyRate: hourlyRateSchema,
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'Say what to change: role, department, active or hourlyRate');
export type UserUpdate = z.infer<typeof userUpdate>;

export const roleDecision = z.object({ decision: oneOf('Decision', ['approve', 'decline']) });
export type RoleDecision = z.infer<typeof roleDecision>;

/** How long a password reset code works, once. */
export const resetCodeHours = 24;

export const resetCodeResponse = z.object({ code: z.string(), expiresAt: z.string() });
export type ResetCodeResponse = z.infer<typeof resetCodeResponse>;

export const resetPasswordBody = z.object({
  email,
  code: requiredText('Reset code', 20),
  password: newPassword,
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;
