/** A due date (YYYY-MM-DD, a plant day) in the device's date format. */
export const dueDateText = (day: string) => new Date(`${day}T00:00:00`).toLocaleDateString();
