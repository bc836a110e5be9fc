/** The dashboard charts' axes: the days or hours along the bottom turn when many; the counts up the side never do. */
export function chartAxisStyles(barCount: number, colors: { textSecondary: string; border: string }) {
  const labels = { fill: colors.textSecondary, fontSize: 9 };
  return {
    days: { tickLabels: { ...labels, angle: barCount > 8 ? -45 : 0 }, axis: { stroke: colors.border } },
    counts: { tickLabels: { ...labels, angle: 0 }, axis: { stroke: colors.border } },
  };
}
