// Option lists of the portal spec (sections 2, 4 and 9). Order matters: forms show them as listed.
export const roles = ['operator', 'maintenance_engineer', 'safety_officer', 'admin'] as const;
export type Role = (typeof roles)[number];

export const roleLabels: Record<Role, string> = {
  operator: 'Operator',
  maintenance_engineer: 'Maintenance Engineer',
  safety_officer: 'Safety Officer',
  admin: 'Administrator',
};

/** Registration and incident form. */
export const departments = ['Rolling Mill', 'Smelting', 'Casting', 'Quality Control', 'Maintenance'] as const;
/** Machine form and machine filter. */
export const machineDepartments = ['Rolling Mill', 'Smelting', 'Casting', 'Quality Control'] as const;
/** Profile form: every department a user can belong to. */
export const profileDepartments = [...departments, 'Safety', 'Operations'] as const;

export const machineStatuses = ['Running', 'Down', 'Maintenance', 'Idle'] as const;
export const ticketStatuses = ['Pending', 'In Progress', 'Resolved', 'Closed'] as const;
export const priorities = ['Low', 'Medium', 'High', 'Critical'] as const;
export const severities = priorities;
export const ticketCategories = ['Electrical', 'Mechanical', 'Hydraulic', 'Pneumatic', 'Software', 'Other'] as const;
export const incidentTypes = ['Near Miss', 'Injury', 'Property Damage', 'Environmental', 'Security'] as const;
export const incidentStatuses = ['Open', 'Under Investigation', 'Closed'] as const;
export const scheduleStatuses = ['Scheduled', 'In Progress', 'Completed', 'Overdue'] as const;
/** What a planner chooses: Overdue follows from the date (schedule-status.ts), nobody picks it. */
export const choosableScheduleStatuses = ['Scheduled', 'In Progress', 'Completed'] as const;

export type Department = (typeof profileDepartments)[number];
export type MachineDepartment = (typeof machineDepartments)[number];
export type MachineStatus = (typeof machineStatuses)[number];
export type TicketStatus = (typeof ticketStatuses)[number];
export type Priority = (typeof priorities)[number];
export type TicketCategory = (typeof ticketCategories)[number];
export type IncidentType = (typeof incidentTypes)[number];
export type IncidentStatus = (typeof incidentStatuses)[number];
export type ScheduleStatus = (typeof scheduleStatuses)[number];
/** Corrective and preventive actions of an incident's investigation (src/docs/corrective-actions.md). */
export const actionKinds = ['corrective', 'preventive'] as const;
export const actionStatuses = ['Open', 'Done', 'Verified'] as const;
export type ActionKind = (typeof actionKinds)[number];
export type ActionStatus = (typeof actionStatuses)[number];
