import { z } from 'zod';
import { roles } from '#shared/enums.ts';
import {
  defaultShifts,
  defaultTimeZone,
  isTimeZone,
  parseShifts,
  type ShiftPlan,
  type ShiftTime,
} from '#shared/shifts.ts';

const list = z
  .string()
  .optional()
  .transform((value) =>
    (value ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  );

/** Every environment variable the server reads; src/docs/operations.md lists them. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  /** How long a server acts on its copy of a signed-in account before reading it again (deletion, role change). */
  ACCOUNT_RECHECK_SECONDS: z.coerce.number().int().min(0).max(60).default(60),
  TOKEN_TTL: z
    .string()
    .regex(/^\d+[smhd]$/, 'TOKEN_TTL must look like 7d, 12h or 30m')
    .default('7d'),
  CORS_ORIGINS: list,
  REGISTRATION_ROLES: list.pipe(z.array(z.enum(roles))).transform((chosen) => (chosen.length ? chosen : [...roles])),
  SEED_DEMO: z.enum(['0', '1']).default('1'),
  /** Failed sign-ins and registrations per address per 15 minutes. */
  AUTH_RATE_LIMIT_IP: z.coerce.number().int().min(1).default(100),
  /** Failed sign-ins for one email from one address before each next try from there waits, 1 s and doubling. */
  AUTH_RATE_LIMIT_EMAIL_IP: z.coerce.number().int().min(1).default(5),
  /** The longest of those waits, in seconds; a pair is forgotten 15 minutes after its last try. */
  AUTH_RATE_LIMIT_MAX_DELAY: z.coerce.number().int().min(1).max(900).default(300),
  /** 0: the request page (src/docs/work-requests.md) needs a signed-in user like every other screen. */
  REQUESTS_OPEN: z.enum(['0', '1']).default('1'),
  /** Work requests and their photos per address per hour. */
  REQUESTS_RATE_LIMIT_IP: z.coerce.number().int().min(1).default(60),
  /** Work requests and their photos per device (a kiosk tablet) per hour. */
  REQUESTS_RATE_LIMIT_DEVICE: z.coerce.number().int().min(1).default(20),
  /** Status lookups and machine lists per address per hour, so tracking codes cannot be guessed in bulk. */
  REQUESTS_LOOKUP_LIMIT_IP: z.coerce.number().int().min(1).default(600),
  /** Trust X-Forwarded-For from this many proxy hops (0: use the socket address, so clients cannot fake their IP). */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  /** Every request reaches the app over https, whatever the proxy says: send upgrade-insecure-requests and HSTS. */
  FORCE_HTTPS: z.enum(['0', '1']).default('0'),
  /** A request whose body has not fully arrived by then is answered 408 and its connection closed. */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).default(120_000),
  /** How long a stopping server waits for running handlers before it names them and cuts their connections. */
  SHUTDOWN_WAIT_MS: z.coerce.number().int().min(0).default(10_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** One readable line per entry on a terminal (auto) or always (pretty); JSON lines otherwise or with json. */
  LOG_FORMAT: z.enum(['auto', 'json', 'pretty']).default('auto'),
  CLIENT_DIR: z.string().default('./dist'),
  /** The plant's shifts, local start-end times (src/docs/shift-handover.md). */
  SHIFTS: z
    .string()
    .default(defaultShifts)
    .transform((text, context): ShiftTime[] => {
      const shifts = parseShifts(text);
      if (typeof shifts === 'string') context.addIssue({ code: 'custom', message: shifts });
      return typeof shifts === 'string' ? [] : shifts;
    }),
  /** What an hour of work costs for a person without a rate of their own (src/docs/costs.md). */
  LABOUR_DEFAULT_RATE: z.coerce
    .number({ error: 'LABOUR_DEFAULT_RATE must be a number' })
    .min(0, 'LABOUR_DEFAULT_RATE must not be negative')
    .max(10_000, 'LABOUR_DEFAULT_RATE must be at most 10000')
    .default(0),
  /** The currency costs are in, as the app shows it (an ISO 4217 code such as EUR). */
  CURRENCY: z
    .string()
    .regex(/^[A-Z]{3}$/, 'CURRENCY must be a three-letter ISO 4217 code such as EUR')
    .default('EUR'),
  /** The IANA time zone the shifts' times are in. */
  PLANT_TIME_ZONE: z
    .string()
    .default(defaultTimeZone)
    .refine(isTimeZone, 'PLANT_TIME_ZONE must be an IANA time zone, such as Europe/Berlin'),
});

export type Config = z.infer<typeof envSchema>;

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  return parsed.data;
}

/** The plant's shifts and the time zone their times are in (src/docs/shift-handover.md). */
export const shiftPlanOf = (config: Pick<Config, 'SHIFTS' | 'PLANT_TIME_ZONE'>): ShiftPlan => ({
  timeZone: config.PLANT_TIME_ZONE,
  shifts: config.SHIFTS,
});
