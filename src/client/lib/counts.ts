const number = new Intl.NumberFormat();

/** A count as the screens show it: grouped in the browser's locale ("10,502"). */
export const formatCount = (value: number) => number.format(value);
