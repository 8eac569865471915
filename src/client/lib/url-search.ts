import { z } from 'zod';
import { idSchema } from '../../shared/schemas/common.ts';

/*
 * Which form or record a screen has open lives in its URL (`?new=1`, `?ticket=<id>`), so the dashboard
 * and other screens can link straight to it and a reload keeps it open. Each screen route declares its
 * search with these; a malformed value is dropped instead of breaking the screen.
 */

/** `?new=1`: the screen's create form is open. */
export const newFlag = z.literal(1).optional().catch(undefined);

/** A record's id (`?ticket=<id>`, `?edit=<id>`). */
export const recordId = idSchema.optional().catch(undefined);

/** How a screen opens or closes a modal: the search replaces the current one without a history entry. */
export const modalNavigation = { replace: true, resetScroll: false } as const;
