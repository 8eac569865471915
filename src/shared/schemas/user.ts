import { z } from 'zod';
import { departments, profileDepartments, roles } from '../enums.ts';
import { idSchema, oneOf, requiredText } from './common.ts';

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
});
export type User = z.infer<typeof user>;

export const userSummary = user.pick({ _id: true, name: true, role: true, department: true });
export type UserSummary = z.infer<typeof userSummary>;

export const passwordRule = { min: 8, max: 200 } as const;

export const registerBody = z.object({
  name: requiredText('Full name', 100),
  email,
  password: z
    .string({ error: 'Password is required' })
    .min(passwordRule.min, `Password must be at least ${passwordRule.min} characters`)
    .max(passwordRule.max, `Password must be at most ${passwordRule.max} characters`),
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
