/** The colours of a route's waylines on the map (one per oblique pass), start and end apart. */
export const WAYLINE_COLORS = ['#1677ff', '#fa8c16', '#722ed1', '#13c2c2', '#eb2f96', '#a0d911'] as const;

export const waylineColor = (index: number): string => WAYLINE_COLORS[index % WAYLINE_COLORS.length]!;
