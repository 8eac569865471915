import type { Role } from '#shared/enums.ts';

/** The admin's line that opens the Users screen. */
export const userManagement = 'User management';

/** Spec section 2 (Profile): what each role does, as the Role & Permissions card lists it. */
export const rolePermissions: Record<Role, readonly string[]> = {
  admin: ['Full system administration', userManagement, 'All reports and analytics', 'System configuration'],
  maintenance_engineer: [
    'Maintenance ticket management',
    'Machine status updates',
    'Maintenance scheduling',
    'Technical reports',
  ],
  safety_officer: [
    'Safety incident management',
    'Safety reports and analytics',
    'Corrective action tracking',
    'Safety compliance monitoring',
  ],
  operator: ['Report maintenance issues', 'View machine status', 'Report safety incidents', 'Basic dashboard access'],
};
