/**
 * A text field's update once what it held was saved: cleared, unless the person typed on while it was
 * being saved, in which case what they typed is the next entry and stays.
 */
export const clearIfSent =
  (sent: string) =>
  (typed: string): string =>
    typed === sent ? '' : typed;
