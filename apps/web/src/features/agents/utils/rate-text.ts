const percent = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** A rate in basis points as the agent reads it: 50 is '0.5%' (100 basis points are 1%). */
export const rateText = (rateBp: number): string => `${percent.format(rateBp / 100)}%`;
