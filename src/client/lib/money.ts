/** "€1,234.50": an amount in the plant's currency (src/docs/costs.md), in the device's language. */
export const moneyText = (value: number, currency: string) =>
  new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(value);

/** Today on this device, as YYYY-MM-DD (what `<input type=date>` and the cost queries take). */
export const localToday = () => new Date().toLocaleDateString('en-CA');
